import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runGroup } from '../tests/support/child-processes';
import { parseEnv } from './env';

/** What a log collector reading the process's standard output sees, and in which order (tests/support/log-writer.ts). */
async function linesSeen(env: Record<string, string>): Promise<string[]> {
  const { code, stdout, stderr } = await runGroup(process.execPath, ['--import', 'tsx', 'tests/support/log-writer.ts'], {
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'info', LOG_DESTINATION: '', ...env },
    timeoutMs: 30_000,
  });
  expect(code, stderr).toBe(0);
  return linesOf(stdout);
}

function linesOf(output: string): string[] {
  return output
    .split('\n')
    .filter(Boolean)
    .map((line) => (line.startsWith('{') ? `log: ${JSON.parse(line).msg}` : line));
}

/** What a reader sees from tests/support/log-writer.ts with a 50 ms buffer. */
const BUFFERED_ORDER = [
  'after info', // the info line waited in the buffer…
  'log: buffered', // …and came out within the interval, long before the next mark
  'a second later',
  'log: before the warning', // a warning writes what was waiting, then itself
  'log: the warning',
  'after warn',
  'log: the last line', // left in the buffer at process.exit, written on the way out
];

describe('log lines on standard output', () => {
  it('are buffered for at most LOG_FLUSH_MS, written at once from a warning on, and all written at exit', async () => {
    expect(await linesSeen({ LOG_FLUSH_MS: '50' })).toEqual(BUFFERED_ORDER);
  });

  it('with LOG_FLUSH_MS=0, each line is written when it is logged', async () => {
    expect(await linesSeen({ LOG_FLUSH_MS: '0' })).toEqual([
      'log: buffered',
      'after info',
      'a second later',
      'log: before the warning',
      'log: the warning',
      'after warn',
      'log: the last line',
    ]);
  });

  it.skipIf(!hasStrace())('redirected to a file: the same lines in the same order, and never a disk sync from the event loop', async () => {
    // A standard output redirected to a file (`> app.log`, systemd's `append:`): each flush is a plain write; an
    // fsync on every flush would stall the server ten times a second.
    const dir = mkdtempSync(path.join(tmpdir(), 'iss-log-'));
    try {
      const file = path.join(dir, 'stdout.log');
      const out = openSync(file, 'w');
      try {
        // In a group of its own: on the timeout, strace's tracee goes too (killing strace alone detaches it).
        const run = await runGroup('strace', ['-f', '-e', 'trace=fsync,fdatasync', '-o', path.join(dir, 'syscalls'), process.execPath, '--import', 'tsx', 'tests/support/log-writer.ts'], {
          env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'info', LOG_DESTINATION: '', LOG_FLUSH_MS: '50' },
          stdio: ['ignore', out, 'pipe'],
          timeoutMs: 30_000,
        });
        expect(run.code, run.stderr).toBe(0);
      } finally {
        closeSync(out);
      }
      expect(linesOf(readFileSync(file, 'utf8'))).toEqual(BUFFERED_ORDER);
      expect(readFileSync(path.join(dir, 'syscalls'), 'utf8')).not.toMatch(/\b(fsync|fdatasync)\(1\)/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('LOG_FLUSH_MS must be a whole number of milliseconds from 0 to 10000: anything else stops the start-up, named', () => {
    expect(parseEnv({}).LOG_FLUSH_MS).toBe(100);
    expect(parseEnv({ LOG_FLUSH_MS: '0' }).LOG_FLUSH_MS).toBe(0);
    for (const bad of ['soon', '-5', '2.5', '60000']) expect(() => parseEnv({ LOG_FLUSH_MS: bad })).toThrow(/LOG_FLUSH_MS/);
  });
});

/** strace installed and allowed to trace here (a container may forbid ptrace): else the fsync check is skipped. */
function hasStrace(): boolean {
  try {
    execFileSync('strace', ['-f', '-o', '/dev/null', process.execPath, '-e', '0'], { stdio: 'ignore', timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}
