import { z } from 'zod';

/** What the Settings page shows of the deployment's integration: states and names, never a secret's value. */
export const IntegrationSettingsSchema = z.object({
  appUrl: z.string(),
  agent: z.object({
    /** Whether AGENT_SECRET is set; its value never leaves the server. */
    secretConfigured: z.boolean(),
    routes: z.array(z.object({ method: z.string(), path: z.string(), description: z.string() })),
  }),
  mediaToken: z.object({
    secretConfigured: z.boolean(),
    algorithm: z.literal('HS256'),
    audience: z.string(),
    lifetimeSeconds: z.number().int(),
  }),
  dispatch: z.discriminatedUnion('mode', [
    /** The dispatch URL without its query or credentials, which may carry a token of the agent platform. */
    z.object({ mode: z.literal('webhook'), url: z.string(), timeoutMs: z.number().int(), signatureHeaders: z.array(z.string()) }),
    /** The service's own interviewer (docs/INTERVIEWER.md): which voice providers and options it runs with. */
    z.object({
      mode: z.literal('interviewer'),
      transcription: z.object({ model: z.string() }).nullable(),
      speech: z.object({ model: z.string(), voice: z.string() }).nullable(),
      evaluation: z.object({ model: z.string() }).nullable(),
      followUps: z.boolean(),
      storage: z.enum(['local', 's3']),
      answerTimeLimitSeconds: z.number().int(),
    }),
  ]),
  email: z.object({ transport: z.enum(['resend', 'mailbox']), from: z.string() }),
  reports: z.object({ generator: z.enum(['llm', 'rules']), model: z.string().nullable() }),
});
export type IntegrationSettings = z.infer<typeof IntegrationSettingsSchema>;
