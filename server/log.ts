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
  'DATABASE_URL',
];

const REDACT_PATHS = SECRET_FIELDS.flatMap((field) => {
  const key = /^[A-Za-z_$][\w$]*$/.test(field) ? field : `["${field}"]`;
  const member = key.startsWith('[') ? key : `.${key}`;
  return [key, `*${member}`, `headers${member}`, `req.headers${member}`];
});

/** Shapes of secrets, replaced wherever they occur in a serialized line. */
const SECRET_PATTERNS: [RegExp, string][] = [
  // API keys: isk_ and at least 20 base62 characters.
  [/isk_[0-9A-Za-z]{20,}/g, 'isk_[redacted]'],
  // JWTs (media tokens): three base64url segments, the first a JSON header ("eyJ").
  [/eyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]*/g, '[redacted-jwt]'],
  // Invitation links carry their token in the path.
  [/\/i\/[^\s"/?#\\]+/g, '/i/[redacted]'],
  [/\/api\/invitations\/[^\s"/?#\\]+/g, '/api/invitations/[redacted]'],
  // Credentials in connection strings.
  [/(postgres(?:ql)?:\/\/[^:/@\s"]+:)[^@\s"]+@/g, '$1[redacted]@'],
];

function escapeForRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The configured secret values, as they would appear inside a JSON string. */
function configuredSecrets(): string[] {
  return [process.env.AGENT_SECRET, process.env.MEDIA_TOKEN_SECRET, process.env.RESEND_API_KEY, process.env.LLM_API_KEY]
    .map((value) => value?.trim())
    .filter((value): value is string => Boolean(value && value.length >= 8))
    .map((value) => JSON.stringify(value).slice(1, -1));
}

/** Removes every secret-shaped substring from one serialized log line. */
export function scrubSecrets(line: string): string {
  let out = line;
  for (const [pattern, replacement] of SECRET_PATTERNS) out = out.replace(pattern, replacement);
  for (const secret of configuredSecrets()) out = out.replace(new RegExp(escapeForRegExp(secret), 'g'), '[redacted]');
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

export function createLogger(options: CreateLoggerOptions = {}): Logger {
  const settings: pino.LoggerOptions = {
    level: options.level ?? 'info',
    base: undefined,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError },
    hooks: { streamWrite: scrubSecrets },
  };
  return options.destination ? pino(settings, options.destination) : pino(settings);
}

function defaultDestination(): DestinationStream | undefined {
  const file = process.env.LOG_DESTINATION?.trim();
  // Synchronous appends: several loggers of one process (Next.js bundles its own copy) share the file safely.
  return file ? pino.destination({ dest: file, sync: true, mkdir: true }) : undefined;
}

export const log = createLogger({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
  destination: defaultDestination(),
});
