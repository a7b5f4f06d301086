/** The contract's error body, as the server's errorFormatter puts it under `error.data.error`. */
export type ContractError = {
  code: string;
  message: string;
  requestId?: string;
  issues?: { path: string; message: string }[];
  existingId?: string;
};

/**
 * A tRPC client error, told by its name rather than `instanceof TRPCClientError`: pages whose data the server renders
 * read errors too, and importing the class would bring the tRPC client into their JavaScript.
 */
function isTrpcClientError(error: unknown): error is Error & { data?: unknown } {
  return error instanceof Error && error.name === 'TRPCClientError';
}

/** Already the contract's error (what `useApiAction` gives a form). */
function isContractError(error: unknown): error is ContractError {
  return typeof error === 'object' && error !== null && !(error instanceof Error) && typeof (error as ContractError).code === 'string' && typeof (error as ContractError).message === 'string';
}

/** The contract's error from what a call threw, or from the contract's error itself (unchanged). */
export function contractError(error: unknown): ContractError {
  if (isContractError(error)) return error;
  if (isTrpcClientError(error)) {
    const body = (error.data as { error?: ContractError } | undefined)?.error;
    if (body?.code) return body;
    // No body: the request never reached the API (offline, server down) or the answer was not JSON.
    return { code: 'NETWORK', message: 'The server could not be reached. Check your connection and try again.' };
  }
  return { code: 'INTERNAL', message: error instanceof Error ? error.message : 'Unexpected error' };
}

export function errorCode(error: unknown): string {
  return contractError(error).code;
}

/** VALIDATION_ERROR issues keyed by field path, for messages beside each input. */
export function fieldErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of contractError(error).issues ?? []) {
    const key = issue.path.split('.')[0];
    out[key] ??= issue.message;
  }
  return out;
}
