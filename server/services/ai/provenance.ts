import { createHash } from 'node:crypto';

/**
 * Where an AI output came from (issue 23, "Provenance"): enough to say which provider, model, prompt and rubric
 * produced it, with which parameters, on which input, when and how fast. The prompt's text lives in this
 * repository; its version is a hash of that text (and of the output format the model was held to), so a change
 * of either is a new version without anyone having to remember to bump a number. Hashes, never the texts: the
 * record can be kept longer than the candidate's words.
 */
export type AiProvenance = {
  /** What was produced: one answer's evaluation, or a report's summary. */
  task: 'answer-evaluation' | 'report-summary';
  /** The provider's host (from its base URL): which service was asked, never its key. */
  provider: string;
  model: string;
  /** sha256 (16 hex) of the system prompt and the output format. */
  promptVersion: string;
  /** sha256 (16 hex) of the criteria the output was scored on, when it scores. */
  rubricHash: string | null;
  /** sha256 (16 hex) of the message the model read. */
  inputHash: string;
  parameters: { temperature: number; seed: number };
  /** When the request was made, and how long the model took (ms). */
  at: string;
  durationMs: number;
};

/** Deterministic parameters: the same input scored again with the same provenance gives the same output as far as the provider allows. */
export const DETERMINISTIC = { temperature: 0, seed: 7 } as const;

/** A short content hash (the first 16 hex characters of sha256): enough to tell versions apart. */
export function contentHash(...parts: string[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\u0000');
  return hash.digest('hex').slice(0, 16);
}

/** The provider as a host name (`api.openai.com`, `localhost:8080`), or the text given when it is not a URL. */
export function providerOf(baseURL: string): string {
  try {
    return new URL(baseURL).host;
  } catch {
    return 'unknown';
  }
}
