import { writeSync } from 'node:fs';
import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * Structured JSON logs, on stdout or in the file LOG_DESTINATION names. Secrets never reach a log line, by three
 * layers: request logs record only method, path (no query string), status and ids; fields that carry secrets are
 * redacted by name; and every line is scrubbed of what a secret looks like (API keys, JWTs such as media tokens,
 * invitation links, the configured secrets themselves) before it is written.
 */

/** Field names that carry secrets, wherever they appear in a logged object (one level deep, as pino matches). */
const SECRET_FIELDS = [
  'authorization',
  'cookie',
  'password',
  'passwordHash',
  'secret',
  'token',
  'key',
  'apiKey',
  'agentSecret',
  'mediaToken',
  'invitationToken',
  'x-api-key',
  'x-agent-secret',
  'set-cookie',
  'AGENT_SECRET',
  'MEDIA_TOKEN_SECRET',
  'RESEND_API_KEY',
  'LLM_API_KEY',
  'STT_API_KEY',
  'TTS_API_KEY',
  'REALTIME_API_KEY',
  'PROVIDER_KEY_SECRET',
  'DATABASE_URL',
];

const SECRET_FIELD_NAMES = new Set(SECRET_FIELDS);
const CENSOR = '[redacted]';

/**
 * The logged object with its secret-bearing fields censored, at the top level and up to two levels down
 * (`user.password`, `req.headers.authorization`), in plain objects (class instances and arrays are left to
 * scrubSecrets). The caller's object is left as it is, and copied only when there is something to hide. It replaces
 * pino's `redact` paths, whose wildcards (`*.password`, for every name) cost about 25 µs on each line, the request
 * log's included, which has none of these fields.
 */
export function redactSecretFields(object: Record<string, unknown>, depth = 0): Record<string, unknown> {
  let out: Record<string, unknown> | undefined;
  for (const key of Object.keys(object)) {
    const value = object[key];
    let kept = value;
    if (SECRET_FIELD_NAMES.has(key)) kept = CENSOR;
    else if (depth < 2 && isPlainObject(value)) kept = redactSecretFields(value, depth + 1);
    if (kept !== value) {
      out ??= { ...object };
      out[key] = kept;
    }
  }
  return out ?? object;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * Shapes of secrets, replaced wherever they occur in a serialized line; each is tried only on a line that holds its
 * marker, so an ordinary line costs a few substring searches.
 */
const SECRET_PATTERNS: { marker: string; pattern: RegExp; replacement: string }[] = [
  // API keys: isk_ and at least 20 base62 characters.
  { marker: 'isk_', pattern: /isk_[0-9A-Za-z]{20,}/g, replacement: 'isk_[redacted]' },
  // JWTs (media tokens): three base64url segments, the first a JSON header ("eyJ").
  { marker: 'eyJ', pattern: /eyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]*/g, replacement: '[redacted-jwt]' },
  // Invitation links carry their token in the path.
  { marker: '/i/', pattern: /\/i\/[^\s"/?#\\]+/g, replacement: '/i/[redacted]' },
  { marker: '/join/', pattern: /\/join\/[^\s"/?#\\]+/g, replacement: '/join/[redacted]' },
  { marker: '/api/invitations/', pattern: /\/api\/invitations\/[^\s"/?#\\]+/g, replacement: '/api/invitations/[redacted]' },
  // Credentials in connection strings.
  { marker: 'postgres', pattern: /(postgres(?:ql)?:\/\/[^:/@\s"]+:)[^@\s"]+@/g, replacement: '$1[redacted]@' },
];

let configured: string[] | undefined;

/**
 * The configured secret values, as they would appear inside a JSON string. Read from the environment once, not on
 * every line: four environment reads were half of a request line's scrubbing (about 20 µs with cold caches on a
 * paced agent turn). Whoever changes these variables afterwards (the dev server's generated secrets, tests) calls
 * resetEnvCache() (server/env.ts), which forgets them here too.
 */
function configuredSecrets(): string[] {
  configured ??= [process.env.AGENT_SECRET, process.env.MEDIA_TOKEN_SECRET, process.env.RESEND_API_KEY, process.env.LLM_API_KEY,
    process.env.STT_API_KEY, process.env.TTS_API_KEY, process.env.REALTIME_API_KEY, process.env.PROVIDER_KEY_SECRET]
    .map((value) => value?.trim())
    .filter((value): value is string => Boolean(value && value.length >= 8))
    .map((value) => JSON.stringify(value).slice(1, -1));
  return configured;
}

/** The environment changed: read the configured secrets again on the next line. */
export function forgetConfiguredSecrets(): void {
  configured = undefined;
}

/** Removes every secret-shaped substring from one serialized log line. */
export function scrubSecrets(line: string): string {
  let out = line;
  for (const { marker, pattern, replacement } of SECRET_PATTERNS) if (out.includes(marker)) out = out.replace(pattern, replacement);
  for (const secret of configuredSecrets()) if (out.includes(secret)) out = out.split(secret).join(CENSOR);
  return out;
}

type SerializedError = Record<string, unknown> & { message?: string; stack?: string; cause?: unknown };

/**
 * Errors are logged with their type, message, code and stack, but never with the SQL parameters a failed query
 * carried (drizzle puts them in the message and in `params`; PostgreSQL's `detail` echoes row values): those
 * are whatever the client sent or the row held, secrets and personal data included.
 */
export function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  return sanitizeSerializedError(pino.stdSerializers.err(error) as SerializedError, 0);
}

function sanitizeSerializedError(serialized: SerializedError, depth: number): SerializedError {
  const out: SerializedError = { ...serialized };
  for (const field of ['params', 'parameters', 'detail', 'args']) delete out[field];
  const withoutParams = (text: unknown) => (typeof text === 'string' ? text.replace(/\nparams: [^\n]*/g, '\nparams: [redacted]') : text);
  out.message = withoutParams(out.message) as string | undefined;
  out.stack = withoutParams(out.stack) as string | undefined;
  if (out.cause && typeof out.cause === 'object' && depth < 5) out.cause = sanitizeSerializedError(out.cause as SerializedError, depth + 1);
  return out;
}

export type CreateLoggerOptions = { level?: string; destination?: DestinationStream };

const WARN_LEVEL = 40;

export function createLogger(options: CreateLoggerOptions = {}): Logger {
  const settings: pino.LoggerOptions = {
    level: options.level ?? 'info',
    base: undefined,
    formatters: { log: redactSecretFields },
    serializers: { err: serializeError },
    hooks: {
      streamWrite: scrubSecrets,
      // A warning or an error is written at once, with the lines buffered before it: it may be the last the
      // process says (see startBufferedStdout).
      logMethod(args, method, level) {
        method.apply(this, args);
        if (level >= WARN_LEVEL) flushLog();
      },
    },
  };
  return options.destination ? pino(settings, options.destination) : pino(settings);
}

/** The longest a line waits in the standard output buffer; LOG_FLUSH_MS=0 writes each line as it is logged. */
const DEFAULT_FLUSH_MS = 100;
const SHARED_STDOUT = Symbol.for('iss.log.stdout');
type SharedStdout = { [SHARED_STDOUT]?: BufferedStdout };

function defaultDestination(): DestinationStream {
  const file = process.env.LOG_DESTINATION?.trim();
  // Synchronous appends: several loggers of one process (Next.js bundles its own copy) share the file safely.
  if (file) return pino.destination({ dest: file, sync: true, mkdir: true });
  // Read at load, before the environment is validated (env.ts refuses a bad value at start-up with its message).
  const setting = process.env.LOG_FLUSH_MS?.trim();
  const flushMs = setting && /^\d+$/.test(setting) ? Number(setting) : DEFAULT_FLUSH_MS;
  if (flushMs === 0) return pino.destination({ dest: 1, sync: true }); // one write per line, as it is logged
  // One buffer per process, on globalThis: Next.js bundles its own copy of this module, and two buffers would
  // reorder the lines of one request's handling.
  const shared = globalThis as SharedStdout;
  shared[SHARED_STDOUT] ??= startBufferedStdout(flushMs);
  return shared[SHARED_STDOUT];
}

/**
 * Standard output, usually a pipe to a log collector, written as nginx writes a buffered access log: lines are
 * gathered and written 4 KiB at a time, or after at most `flushMs`, with one synchronous write (never half a line,
 * never out of order). One write per line (pino's default, asynchronous through libuv's thread pool) cost the
 * server a system call and its reader a wake-up on every request: about 7 % of an agent turn's server CPU,
 * measured. A warning or an error flushes at once (createLogger), and what is left is written when the process
 * exits, a crash included (the process guards end with process.exit); only a SIGKILL loses the last `flushMs` of
 * request lines.
 */
function startBufferedStdout(flushMs: number): BufferedStdout {
  const stdout = new BufferedStdout(1, 4096);
  setInterval(() => stdout.flush(), flushMs).unref();
  process.once('exit', () => stdout.flush());
  return stdout;
}

/**
 * The buffer itself, written with plain synchronous writes. Not sonic-boom's (pino.destination with minLength):
 * its flushSync also fsyncs the descriptor, every time, so a standard output redirected to a file (`> app.log`,
 * systemd's `append:`) would have been synced to disk from the event loop ten times a second, idle or not.
 */
class BufferedStdout implements DestinationStream {
  private pending: string[] = [];
  private size = 0;

  constructor(
    private readonly fd: number,
    private readonly minLength: number,
  ) {}

  write(line: string): void {
    this.pending.push(line);
    this.size += line.length;
    if (this.size >= this.minLength) this.flush();
  }

  flush(): void {
    if (this.size === 0) return;
    const text = this.pending.join('');
    this.pending = [];
    this.size = 0;
    try {
      writeFully(this.fd, Buffer.from(text));
    } catch {
      // A closed standard output (the reader went away): nothing left to tell it.
    }
  }
}

const PAUSE = new Int32Array(new SharedArrayBuffer(4));

/** All of `buffer`, waiting out a full pipe: a standard output that Node made non-blocking answers EAGAIN. */
function writeFully(fd: number, buffer: Buffer): void {
  let rest = buffer;
  while (rest.length > 0) {
    try {
      rest = rest.subarray(writeSync(fd, rest));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
      Atomics.wait(PAUSE, 0, 0, 10);
    }
  }
}

/** Writes the buffered lines now: before a banner printed with console.log, or a warning. */
export function flushLog(): void {
  (globalThis as SharedStdout)[SHARED_STDOUT]?.flush();
}

export const log = createLogger({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
  destination: defaultDestination(),
});
