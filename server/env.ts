import { z } from 'zod';
import { forgetConfiguredSecrets } from './log';

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
  /** Failed credentials (agent secret, API key, invitation link) per client address and minute before 429. */
  AUTH_FAILURES_PER_MINUTE: z.coerce.number().int().min(1).default(100),
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
  /**
   * The floor, in days, under which no organization's retention period may go (issue 23): the AI's records (scores,
   * provenance, times) of high-risk hiring systems are kept at least six months (EU AI Act Art. 19, 26(6)).
   */
  AI_RECORDS_FLOOR_DAYS: z.coerce.number().int().min(30).max(730).default(183),
  /** Speech to text: any OpenAI-compatible /audio/transcriptions endpoint; unset: the candidate answers in writing. */
  STT_BASE_URL: optionalUrl,
  STT_API_KEY: optionalString,
  STT_MODEL: z.string().default('whisper-1'),
  STT_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  /** Text to speech: any OpenAI-compatible /audio/speech endpoint; unset: the browser's own speech synthesis. */
  TTS_BASE_URL: optionalUrl,
  TTS_API_KEY: optionalString,
  TTS_MODEL: z.string().default('tts-1'),
  TTS_VOICE: z.string().default('alloy'),
  TTS_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /**
   * The live conversation (answerMode "live", docs/INTERVIEWER.md): a speech-to-speech model over the OpenAI
   * Realtime protocol (OpenAI, Azure OpenAI and compatible servers), relayed by this server; unset: no live mode.
   */
  REALTIME_BASE_URL: optionalUrl,
  REALTIME_API_KEY: optionalString,
  REALTIME_MODEL: z.string().default('gpt-realtime'),
  REALTIME_VOICE: z.string().default('alloy'),
  /**
   * Encrypts the provider keys organizations set in Settings → AI providers (AES-256-GCM, server/crypto.ts).
   * Generated in development (server/dev-secrets.ts); in production, without it, organizations cannot store a key.
   */
  PROVIDER_KEY_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  /**
   * Organizations' provider base URLs may be plain http and resolve to private, loopback or link-local addresses
   * (a self-hosted model server on the operator's network). Off: the same check as webhook URLs.
   */
  PROVIDER_ALLOW_PRIVATE_URLS: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /**
   * Which pipeline holds live conversations (docs/INTERVIEWER.md): `realtime` (default) relays a speech-to-speech
   * model over the OpenAI Realtime protocol (REALTIME_*); `cascade` runs voice detection (Silero VAD) on this
   * server and chains the OpenAI-compatible speech-to-text, language model and text-to-speech servers (STT_*,
   * LLM_*, TTS_*), for self-hosted stacks. Live mode is never switched on by STT and TTS alone.
   */
  LIVE_PIPELINE: z.enum(['realtime', 'cascade'], { error: 'must be "realtime" or "cascade"' }).default('realtime'),
  /** The model that transcribes the candidate's side inside the realtime session (captions and turns). */
  REALTIME_TRANSCRIPTION_MODEL: z.string().default('gpt-4o-mini-transcribe'),
  /** Silence after which the candidate's answer is taken as finished (a pause to think is not the end). */
  REALTIME_SILENCE_MS: z.coerce.number().int().min(200).max(10_000).default(900),
  /**
   * Live turn-taking (docs/INTERVIEWER.md, "Live mode"). Patience: silence, counted from the end of the candidate's
   * speech, before an answer is taken as finished; utterances separated by shorter pauses are one answer. At or
   * below REALTIME_SILENCE_MS it adds no wait (the provider's VAD already waited that long).
   */
  LIVE_PATIENCE_MS: z.coerce.number().int().min(0).max(30_000).default(1800),
  /** Candidate speech over the interviewer must last this long (or be more than a back-channel) to stop it. */
  LIVE_BARGE_IN_MS: z.coerce.number().int().min(0).max(2000).default(200),
  /** Silence after a question before one gentle prompt; as long again after the prompt, the interview pauses. */
  LIVE_SILENCE_PROMPT_MS: z.coerce.number().int().min(1000).max(600_000).default(20_000),
  LIVE_SILENCE_PAUSE_MS: z.coerce.number().int().min(1000).max(600_000).default(20_000),
  /** How often a live conversation's recording is written to storage: a killed instance loses at most this much. */
  LIVE_RECORDING_FLUSH_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  /** Follow-ups in live mode: on unless turned off here (INTERVIEWER_FOLLOW_UPS governs the other modes). */
  LIVE_FOLLOW_UPS: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  /** The built-in interviewer may ask one short follow-up when an answer is thin (needs the language model). */
  INTERVIEWER_FOLLOW_UPS: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /** What the candidate page gives each spoken or written answer. */
  ANSWER_TIME_LIMIT_SECONDS: z.coerce.number().int().min(15).max(1800).default(180),
  /** Recordings: a local directory (default) or an S3-compatible bucket when S3_BUCKET is set. */
  STORAGE_DIR: z.string().default('.data/storage'),
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /** Lifetime of the signed audio URLs that reads (REST v1, dashboard) present. */
  AUDIO_URL_TTL_SECONDS: z.coerce.number().int().min(10).max(7 * 24 * 3600).default(900),
  /**
   * Behind a load balancer that appends the client's address to X-Forwarded-For: take the client's address (for
   * throttles and sign-in limits) from that header's last entry. Off: the socket's address, which a client cannot
   * choose.
   */
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /** Start the job workers inside the web process (default) or leave them to `npm run worker`. */
  RUN_WORKER: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  JOB_POLL_INTERVAL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  /** Failed jobs retry with exponential backoff from this delay (pg-boss: delay·2^n, jittered), this many times. */
  JOB_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(2),
  JOB_RETRY_LIMIT: z.coerce.number().int().min(0).max(100).default(8),
  /** A bulk action over more rows than this runs as a background job with progress (docs/DECISIONS.md). */
  BULK_INLINE_LIMIT: z.coerce.number().int().min(1).max(1000).default(100),
  // A job whose worker died (SIGKILL, lost host) is retried once it has been active this long.
  JOB_EXPIRE_SECONDS: z.coerce.number().int().min(10).max(86_400).default(900),
  /** Pause of the built-in demo agent after each turn (used when AGENT_DISPATCH_URL is not set). */
  DEMO_AGENT_TURN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1500),
  /**
   * On SIGTERM, how long `npm start` keeps serving with /api/ready failing before it stops accepting connections:
   * the time a load balancer needs to notice and stop routing new requests to this instance.
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(120).default(5),
  /**
   * How far V8 lets the heap of `npm start` and `npm run worker` grow past what the last full collection kept, in
   * percent, before it collects again (server/bound-heap-growth.ts). 0 leaves V8's own factor (up to 300 %).
   */
  HEAP_GROWING_PERCENT: z.coerce.number().int().min(0).max(300).default(50),
  /**
   * Development and tests only: webhook endpoints may be plain http and resolve to private, loopback or link-local
   * addresses (a receiver on this machine). Otherwise https only in production and public addresses only.
   */
  WEBHOOK_ALLOW_PRIVATE_URLS: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /** First retry delay of a failed webhook delivery; each later one doubles (±20 % jitter), capped at 6 h. */
  WEBHOOK_RETRY_BASE_SECONDS: z.coerce.number().min(0.1).max(3600).default(30),
  /** How long a delivery is retried before the endpoint is disabled and its organization's users emailed. */
  WEBHOOK_RETRY_WINDOW_SECONDS: z.coerce.number().min(1).max(7 * 86_400).default(86_400),
  /** Webhook deliveries in flight at once per worker process (a hanging receiver holds one for at most 10 s). */
  WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(32),
  /**
   * Of those, at most this many to one endpoint that answers fast, and an eighth of it (at least 1) to one that is
   * slow (over 0.5 s): a hanging endpoint's other deliveries wait in the queue, not in a slot.
   */
  WEBHOOK_ENDPOINT_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  /**
   * Ashby's API, where assessment.update is called (developers.ashbyhq.com/reference/assessmentupdate). Only tests
   * and a staging setup point it elsewhere.
   */
  ASHBY_API_URL: z.string().url().default('https://api.ashbyhq.com').transform((v) => v.replace(/\/$/, '')),
  /**
   * Lever's API (v1), where an opportunity is read and a note added (hire.lever.co/developer/documentation). Only
   * tests and a staging setup point it elsewhere (e.g. Lever's sandbox, https://api.sandbox.lever.co/v1).
   */
  LEVER_API_URL: z.string().url().default('https://api.lever.co/v1').transform((v) => v.replace(/\/$/, '')),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** A file the JSON log lines are appended to instead of stdout (read by server/log.ts at load). */
  LOG_DESTINATION: optionalString,
  /** The longest a log line waits in the stdout buffer, in ms; 0 writes each line as it is logged (server/log.ts). */
  LOG_FLUSH_MS: z.coerce.number().int().min(0).max(10_000).default(100),
});

export type Env = z.infer<typeof EnvSchema> & { APP_URL: string };

export class EnvError extends Error {}

/**
 * Validates the environment once, with a message per bad variable. `serving` (the web and worker processes)
 * also demands what serving needs in production (the agent and media-token secrets, the public URL); the admin
 * CLI checks only the settings its command uses (see useCliEnvironment).
 */
export function parseEnv(source: Record<string, string | undefined> = process.env, options: { serving?: boolean } = {}): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new EnvError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if (env.AGENT_DISPATCH_URL && !env.AGENT_DISPATCH_SECRET) {
    throw new EnvError('Invalid environment configuration:\n  AGENT_DISPATCH_SECRET: required when AGENT_DISPATCH_URL is set (it signs the dispatch)');
  }
  if (env.S3_BUCKET && (!env.S3_ACCESS_KEY_ID) !== (!env.S3_SECRET_ACCESS_KEY)) {
    throw new EnvError('Invalid environment configuration:\n  S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  }
  if (env.LIVE_PIPELINE === 'cascade') {
    const missing = (['STT_BASE_URL', 'LLM_BASE_URL', 'TTS_BASE_URL'] as const).filter((k) => !env[k]);
    if (missing.length > 0) {
      throw new EnvError(
        `Invalid environment configuration:\n${missing.map((k) => `  ${k}: required when LIVE_PIPELINE=cascade (the cascaded live pipeline chains speech-to-text, the language model and text-to-speech)`).join('\n')}`,
      );
    }
  }
  if (env.NODE_ENV === 'production' && options.serving !== false) {
    const missing = (['AGENT_SECRET', 'MEDIA_TOKEN_SECRET', 'APP_URL'] as const).filter((k) => !env[k]);
    if (missing.length > 0) {
      throw new EnvError(`Invalid environment configuration:\n${missing.map((k) => `  ${k}: required in production`).join('\n')}`);
    }
  }
  return { ...env, APP_URL: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '') };
}

let cached: Env | undefined;
let serving = true;
export function getEnv(): Env {
  cached ??= parseEnv(process.env, { serving });
  return cached;
}
/**
 * The admin CLI: no server secrets or public URL demanded up front (`user:create` needs a database, nothing
 * else). A command that does need a secret fails where it reads it, naming it.
 */
export function useCliEnvironment(): void {
  serving = false;
  cached = undefined;
}
/** For the server entry and tests, after they have set process.env. */
export function resetEnvCache(): void {
  cached = undefined;
  forgetConfiguredSecrets();
}
