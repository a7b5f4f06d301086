import pino from 'pino';

/**
 * Structured JSON logs on stdout. Secrets never reach a log line: the redact list covers the headers and fields
 * that carry them, and request logs record paths without query strings.
 */
export const log = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
  base: undefined,
  redact: {
    paths: ['authorization', 'headers.authorization', 'headers["x-api-key"]', 'headers["x-agent-secret"]', '*.password', '*.key', 'key', 'password', 'token'],
    censor: '[redacted]',
  },
});
