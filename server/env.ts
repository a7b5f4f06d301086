import { z } from 'zod';

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url({ protocol: /^https?$/ }).optional())
  .optional();

export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  APP_URL: optionalUrl,
  DATABASE_URL: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://').optional())
    .optional(),
  PGLITE_DIR: z.string().default('.data/pglite'),
  AGENT_SECRET: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  MEDIA_TOKEN_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  RESEND_API_KEY: optionalString,
  RESEND_BASE_URL: optionalUrl,
  EMAIL_FROM: z.string().default('Interview Screening <no-reply@interviews.localhost>'),
  /** Dates in emails and on the candidate's page are shown in this zone, with its name (the candidate's is unknown). */
  DISPLAY_TIME_ZONE: z
    .string()
    .default('Europe/Paris')
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as Europe/Paris or UTC'),
  /** The reminder email goes this many hours before an unstarted invitation expires (0 disables reminders). */
  REMINDER_HOURS_BEFORE_EXPIRY: z.coerce.number().min(0).max(24 * 30).default(24),
  /** Where the candidate's session is handed to the voice agent platform (a signed POST); unset: the demo agent. */
  AGENT_DISPATCH_URL: optionalUrl,
  AGENT_DISPATCH_SECRET: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  AGENT_DISPATCH_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: optionalString,
  LLM_MODEL: z.string().default('gpt-4o-mini'),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(100).default(20_000),
  /** Start the job workers inside the web process (default) or leave them to `npm run worker`. */
  RUN_WORKER: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  JOB_POLL_INTERVAL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  /** Failed jobs retry with exponential backoff from this delay (pg-boss: delay·2^n, jittered), this many times. */
  JOB_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(2),
  JOB_RETRY_LIMIT: z.coerce.number().int().min(0).max(100).default(8),
  /** Pause of the built-in demo agent after each turn (used when AGENT_DISPATCH_URL is not set). */
  DEMO_AGENT_TURN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1500),
  /**
   * On SIGTERM, how long `npm start` keeps serving with /api/ready failing before it stops accepting connections:
   * the time a load balancer needs to notice and stop routing new requests to this instance.
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(120).default(5),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** A file the JSON log lines are appended to instead of stdout (read by server/log.ts at load). */
  LOG_DESTINATION: optionalString,
});

export type Env = z.infer<typeof EnvSchema> & { APP_URL: string };

export class EnvError extends Error {}

/** Validates the environment once, with a message per bad variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new EnvError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if (env.AGENT_DISPATCH_URL && !env.AGENT_DISPATCH_SECRET) {
    throw new EnvError('Invalid environment configuration:\n  AGENT_DISPATCH_SECRET: required when AGENT_DISPATCH_URL is set (it signs the dispatch)');
  }
  if (env.NODE_ENV === 'production') {
    const missing = (['AGENT_SECRET', 'MEDIA_TOKEN_SECRET', 'APP_URL'] as const).filter((k) => !env[k]);
    if (missing.length > 0) {
      throw new EnvError(`Invalid environment configuration:\n${missing.map((k) => `  ${k}: required in production`).join('\n')}`);
    }
  }
  return { ...env, APP_URL: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '') };
}

let cached: Env | undefined;
export function getEnv(): Env {
  cached ??= parseEnv();
  return cached;
}
/** For the server entry and tests, after they have set process.env. */
export function resetEnvCache(): void {
  cached = undefined;
}
