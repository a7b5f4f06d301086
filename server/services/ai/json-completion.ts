import type OpenAI from 'openai';
import { APIConnectionTimeoutError, APIError } from 'openai';
import type { ResponseFormatJSONSchema } from 'openai/resources/shared';
import { DETERMINISTIC } from './provenance';

export type ModelCallFailureReason = 'timeout' | 'connection' | 'http' | 'invalid_output';

/** Why one request to the language model gave no text: each caller turns it into its own error. */
export class ModelCallFailure extends Error {
  constructor(
    readonly reason: ModelCallFailureReason,
    message: string,
    readonly status: number | undefined,
    options: { cause?: unknown } = {},
  ) {
    super(message, options);
    this.name = 'ModelCallFailure';
  }
}

/**
 * One deterministic chat completion whose answer must follow `format` (a JSON schema): the answer's text, still to
 * be parsed and checked by the caller, or a ModelCallFailure that says how the request failed.
 */
export async function requestJsonCompletion(
  client: OpenAI,
  input: { model: string; format: ResponseFormatJSONSchema; system: string; user: string; timeoutMs: number },
): Promise<string> {
  let content: string | null | undefined;
  try {
    const completion = await client.chat.completions.create({
      model: input.model,
      ...DETERMINISTIC,
      response_format: input.format,
      messages: [
        { role: 'system', content: input.system },
        { role: 'user', content: input.user },
      ],
    });
    content = completion.choices?.[0]?.message?.content;
  } catch (error) {
    if (error instanceof APIConnectionTimeoutError) throw new ModelCallFailure('timeout', `No answer within ${input.timeoutMs} ms`, undefined, { cause: error });
    if (error instanceof APIError && error.status === undefined) throw new ModelCallFailure('connection', 'Could not reach the language model', undefined, { cause: error });
    if (error instanceof APIError) throw new ModelCallFailure('http', `The language model answered HTTP ${error.status}`, error.status, { cause: error });
    throw new ModelCallFailure('invalid_output', 'The language model answered something that is not a chat completion', undefined, { cause: error });
  }
  if (typeof content !== 'string') throw new ModelCallFailure('invalid_output', 'The completion has no message content', undefined);
  return content;
}
