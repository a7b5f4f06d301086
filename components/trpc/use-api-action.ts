'use client';

import { useRouter } from 'next/navigation';
import { useCallback, useState, useTransition } from 'react';
import { signInPageFor } from '@/server/auth/sign-in-target';
import type { Api } from './api-client';
import { contractError, type ContractError } from './errors';

/** The API client, loaded on first call (its code is not part of the pages' first load). */
export function loadApi(): Promise<Api> {
  return import('./api-client').then((module) => module.api);
}

/** An ended session (revoked elsewhere, expired) sends the recruiter back to the sign-in page. */
export function signInAgainIfUnauthorized(error: ContractError): void {
  if (error.code === 'UNAUTHORIZED') window.location.assign(signInPageFor(window.location.pathname + window.location.search, window.location.origin));
}

type ActionOptions<Output> = {
  onSuccess?: (output: Output) => void;
  onError?: (error: ContractError) => void;
  /** Re-render the page's server data after success (default): what the change shows lands where it is shown. */
  refresh?: boolean;
};

/**
 * A change made from a page whose data the server renders: calls the API (loaded on first use), then asks the
 * server for the page again (`router.refresh()`), so every figure the change touched is read fresh in one place,
 * the server, rather than patched in the browser. `pending` holds until the refreshed page is in.
 */
export function useApiAction<Input, Output>(call: (api: Api, input: Input) => Promise<Output>, options: ActionOptions<Output> = {}) {
  const router = useRouter();
  const [running, setRunning] = useState(false);
  const [refreshing, startTransition] = useTransition();
  const [error, setError] = useState<ContractError | null>(null);
  const { onSuccess, onError, refresh = true } = options;
  const run = useCallback(
    async (input: Input): Promise<Output | undefined> => {
      setRunning(true);
      setError(null);
      try {
        const output = await call(await loadApi(), input);
        onSuccess?.(output);
        if (refresh) startTransition(() => router.refresh());
        return output;
      } catch (caught) {
        const failure = contractError(caught);
        setError(failure);
        signInAgainIfUnauthorized(failure);
        onError?.(failure);
        return undefined;
      } finally {
        setRunning(false);
      }
    },
    [call, onSuccess, onError, refresh, router],
  );
  return { run, pending: running || refreshing, error, reset: () => setError(null) };
}
