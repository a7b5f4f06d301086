import { describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { AppError } from '@/server/errors';
import { requiredFlag } from './args';
import type { CliCommand } from './command';
import { describeError, EXIT_ERROR, EXIT_OK, EXIT_USAGE, runCli } from './run-cli';

function fakeDatabase() {
  return {
    migrate: vi.fn(async () => {}),
    close: vi.fn(async () => {}),
  } as unknown as DatabaseHandle & { migrate: ReturnType<typeof vi.fn>; close: ReturnType<typeof vi.fn> };
}

const echo: CliCommand = {
  name: 'thing:echo',
  usage: 'thing:echo --value <v> [--loud]',
  run: async ({ args }) => ({ value: requiredFlag(args, 'value'), loud: args.loud === true }),
};
const failing: CliCommand = {
  name: 'thing:fail',
  usage: 'thing:fail',
  run: async () => {
    throw new AppError('VALIDATION_ERROR', 'Validation failed', { issues: [{ path: '--job', message: 'No such job' }] });
  },
};

async function run(argv: string[], openDatabase = vi.fn(async () => fakeDatabase())) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, { commands: [echo, failing], openDatabase, io: { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t) } });
  return { code, stdout, stderr, openDatabase };
}

describe('runCli', () => {
  it('prints the result as one JSON line, after migrating, and closes the database', async () => {
    const database = fakeDatabase();
    const result = await run(['thing:echo', '--value', 'v1', '--loud'], vi.fn(async () => database));
    expect(result).toMatchObject({ code: EXIT_OK, stderr: '' });
    expect(JSON.parse(result.stdout)).toEqual({ value: 'v1', loud: true });
    expect(result.stdout.endsWith('\n')).toBe(true);
    expect(database.migrate).toHaveBeenCalledOnce();
    expect(database.close).toHaveBeenCalledOnce();
  });

  it('an unknown command prints every usage on stderr and never opens the database', async () => {
    const result = await run(['thing:nope']);
    expect(result.code).toBe(EXIT_USAGE);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('unknown command "thing:nope"');
    expect(result.stderr).toContain('npm run admin -- thing:echo --value <v> [--loud]');
    expect(result.stderr).toContain('npm run admin -- thing:fail');
    expect(result.openDatabase).not.toHaveBeenCalled();
  });

  it('no command at all is a usage error; help prints the usage on stdout', async () => {
    expect((await run([])).code).toBe(EXIT_USAGE);
    const help = await run(['--help']);
    expect(help.code).toBe(EXIT_OK);
    expect(help.stdout).toContain('thing:echo');
  });

  it('an unknown flag is a usage error naming it, before the database is opened', async () => {
    const result = await run(['thing:echo', '--value', 'v', '--colour', 'red']);
    expect(result.code).toBe(EXIT_USAGE);
    expect(result.stderr).toContain('error: unknown flag --colour');
    expect(result.stderr).toContain('usage: npm run admin -- thing:echo --value <v> [--loud]');
    expect(result.openDatabase).not.toHaveBeenCalled();
  });

  it('a missing required flag is a usage error (and the database is still closed)', async () => {
    const database = fakeDatabase();
    const result = await run(['thing:echo'], vi.fn(async () => database));
    expect(result.code).toBe(EXIT_USAGE);
    expect(result.stderr).toContain('--value is required');
    expect(database.close).toHaveBeenCalledOnce();
  });

  it('a failing command prints one line on stderr, nothing on stdout, and exits 1', async () => {
    const result = await run(['thing:fail']);
    expect(result.code).toBe(EXIT_ERROR);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('error: Validation failed: --job: No such job\n');
  });

  it('a database that cannot be opened is reported as is', async () => {
    const result = await run(['thing:echo', '--value', 'v'], vi.fn(async () => {
      throw new Error('the embedded database is in use by process 42; stop it or set DATABASE_URL');
    }));
    expect(result.code).toBe(EXIT_ERROR);
    expect(result.stderr).toBe('error: the embedded database is in use by process 42; stop it or set DATABASE_URL\n');
  });
});

describe('describeError', () => {
  it('keeps multi-line messages on one line', () => {
    expect(describeError(new Error('Invalid environment configuration:\n  PORT: bad\n  APP_URL: bad'))).toBe('Invalid environment configuration: PORT: bad; APP_URL: bad');
  });
});
