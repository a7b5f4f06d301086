import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

/** What a log collector reading the process's standard output sees, and in which order (tests/support/log-writer.ts). */
async function linesSeen(env: Record<string, string>): Promise<string[]> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'tests/support/log-writer.ts'], {
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'info', LOG_DESTINATION: '', ...env },
    timeout: 30_000,
  });
  return stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => (line.startsWith('{') ? `log: ${JSON.parse(line).msg}` : line));
}

describe('log lines on standard output', () => {
  it('are buffered for at most LOG_FLUSH_MS, written at once from a warning on, and all written at exit', async () => {
    expect(await linesSeen({ LOG_FLUSH_MS: '50' })).toEqual([
      'after info', // the info line waited in the buffer…
      'log: buffered', // …and came out within the interval, long before the next mark
      'a second later',
      'log: before the warning', // a warning writes what was waiting, then itself
      'log: the warning',
      'after warn',
      'log: the last line', // left in the buffer at process.exit, written on the way out
    ]);
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

  it('LOG_FLUSH_MS must be a whole number of milliseconds from 0 to 10000: anything else stops the start-up, named', () => {
    expect(parseEnv({}).LOG_FLUSH_MS).toBe(100);
    expect(parseEnv({ LOG_FLUSH_MS: '0' }).LOG_FLUSH_MS).toBe(0);
    for (const bad of ['soon', '-5', '2.5', '60000']) expect(() => parseEnv({ LOG_FLUSH_MS: bad })).toThrow(/LOG_FLUSH_MS/);
  });
});
