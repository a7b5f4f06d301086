import type { z } from 'zod';
import { AppError, issuesFromZod } from '@/server/errors';
import type { CliArgs } from './command';

/** Bad invocation (unknown flag, missing value): the runner prints the message with the command's usage. */
export class CliUsageError extends Error {}

/**
 * `--flag value`, `--flag=value` (for values that start with `--`) and bare `--flag` (true). Anything else is
 * a usage error: the CLI never guesses what a stray word meant.
 */
export function parseArgs(tokens: string[]): CliArgs {
  const args: CliArgs = {};
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (!token.startsWith('--') || token.length === 2) throw new CliUsageError(`unexpected argument "${token}"`);
    const eq = token.indexOf('=');
    const name = eq === -1 ? token.slice(2) : token.slice(2, eq);
    if (!/^[a-z][a-z0-9-]*$/.test(name)) throw new CliUsageError(`bad flag "${token}"`);
    if (name in args) throw new CliUsageError(`--${name} given twice`);
    if (eq !== -1) {
      args[name] = token.slice(eq + 1);
    } else if (i + 1 < tokens.length && !tokens[i + 1].startsWith('--')) {
      args[name] = tokens[++i];
    } else {
      args[name] = true;
    }
  }
  return args;
}

/** The flags a usage line documents (`--org <orgId> [--no-report]` → org, no-report): the usage is their one list. */
export function flagsOfUsage(usage: string): Set<string> {
  return new Set([...usage.matchAll(/--([a-z][a-z0-9-]*)/g)].map((m) => m[1]));
}

export function requiredFlag(args: CliArgs, name: string): string {
  const value = args[name];
  if (value === undefined) throw new CliUsageError(`--${name} is required`);
  if (value === true) throw new CliUsageError(`--${name} needs a value`);
  return value;
}

export function optionalFlag(args: CliArgs, name: string): string | undefined {
  const value = args[name];
  if (value === true) throw new CliUsageError(`--${name} needs a value`);
  return value;
}

export function booleanFlag(args: CliArgs, name: string): boolean {
  const value = args[name];
  if (typeof value === 'string') throw new CliUsageError(`--${name} takes no value`);
  return value === true;
}

/**
 * Validates a command's input with the same zod schema the dashboard uses, naming flags rather than fields in
 * the message (`--title: Required`).
 */
export function parseWithSchema<S extends z.ZodType>(schema: S, input: unknown, flagOf: Record<string, string> = {}): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issues = issuesFromZod(parsed.error).map((issue) => {
    const [head, ...rest] = issue.path.split('.');
    const flag = flagOf[head];
    return flag ? { ...issue, path: [`--${flag}`, ...rest].join('.') } : issue;
  });
  throw new AppError('VALIDATION_ERROR', 'Validation failed', { issues });
}
