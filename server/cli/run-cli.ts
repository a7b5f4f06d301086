import { setDatabase, type DatabaseHandle } from '@/db/client';
import { ZodError } from 'zod';
import { AppError, toAppError } from '@/server/errors';
import { CliUsageError, flagsOfUsage, parseArgs } from './args';
import type { CliCommand } from './command';

export type CliIo = { stdout: (text: string) => void; stderr: (text: string) => void };

export type RunCliOptions = {
  commands: CliCommand[];
  openDatabase: () => Promise<DatabaseHandle>;
  /** A send-only job queue on the database: commands enqueue jobs (invitation emails, reports) in their transactions. */
  startJobQueue?: (database: DatabaseHandle) => Promise<{ stop: () => Promise<void> }>;
  io?: CliIo;
};

export const EXIT_OK = 0;
export const EXIT_ERROR = 1;
export const EXIT_USAGE = 2;

const processIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

/**
 * Runs one admin command and returns the process exit code: 0 with the result as JSON on stdout; 1 with a
 * one-line `error: …` on stderr; 2 with the usage on stderr for an unknown command or bad flags. Arguments are
 * checked before the database is opened, so a typo never waits for it (nor takes the embedded lock).
 */
export async function runCli(argv: string[], options: RunCliOptions): Promise<number> {
  const io = options.io ?? processIo;
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    const wanted = name !== undefined;
    (wanted ? io.stdout : io.stderr)(usageOf(options.commands));
    return wanted ? EXIT_OK : EXIT_USAGE;
  }
  const command = options.commands.find((c) => c.name === name);
  if (!command) {
    io.stderr(`error: unknown command "${name}"\n${usageOf(options.commands)}`);
    return EXIT_USAGE;
  }

  let args;
  try {
    args = parseArgs(rest);
    const known = flagsOfUsage(command.usage);
    const unknown = Object.keys(args).filter((flag) => !known.has(flag));
    if (unknown.length > 0) throw new CliUsageError(`unknown flag ${unknown.map((f) => `--${f}`).join(', ')}`);
  } catch (error) {
    return fail(io, error, command);
  }

  let database: DatabaseHandle;
  try {
    database = await options.openDatabase();
  } catch (error) {
    return fail(io, error, command);
  }
  let queue: { stop: () => Promise<void> } | undefined;
  try {
    await database.migrate();
    setDatabase(database);
    // The server's or a worker's queue runs what the command enqueues.
    queue = await options.startJobQueue?.(database);
    const result = await command.run({ database, args });
    io.stdout(`${JSON.stringify(result)}\n`);
    return EXIT_OK;
  } catch (error) {
    return fail(io, error, command);
  } finally {
    await queue?.stop().catch(() => {});
    setDatabase(undefined);
    await database.close().catch(() => {});
  }
}

function fail(io: CliIo, error: unknown, command: CliCommand): number {
  if (error instanceof CliUsageError) {
    io.stderr(`error: ${error.message}\nusage: npm run admin -- ${command.usage}\n`);
    return EXIT_USAGE;
  }
  io.stderr(`error: ${describeError(error)}\n`);
  return EXIT_ERROR;
}

/** One line for the operator: the AppError's message and issues, or the error's own message (never a stack). */
export function describeError(error: unknown): string {
  if (error instanceof ZodError) return describeError(toAppError(error));
  if (error instanceof AppError) {
    const issues = error.issues?.map((i) => `${i.path}: ${i.message}`).join('; ');
    return issues ? `${error.message}: ${issues}` : error.message;
  }
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/:\s*\n\s*/g, ': ').replace(/\s*\n\s*/g, '; ').trim() || 'unknown error';
}

export function usageOf(commands: CliCommand[]): string {
  const lines = commands.map((c) => `  npm run admin -- ${c.usage}`);
  return `usage:\n${lines.join('\n')}\n`;
}
