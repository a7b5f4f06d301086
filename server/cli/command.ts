import type { DatabaseHandle } from '@/db/client';

/** Parsed `--flag value` / `--flag` arguments of one CLI command. */
export type CliArgs = Record<string, string | true>;

/**
 * One admin CLI command: `npm run admin -- <name> [--flags]`. `run` returns what is printed as JSON on stdout;
 * throwing an AppError (or any Error) prints its message on stderr and exits non-zero.
 */
export type CliCommand = {
  name: string;
  usage: string;
  run: (ctx: { database: DatabaseHandle; args: CliArgs }) => Promise<unknown>;
};
