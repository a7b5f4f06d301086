'use client';

import { useEffect, useState } from 'react';
import { contractError, type ContractError } from '@/components/trpc/errors';
import type { Api } from '@/components/trpc/api-client';
import { loadApi, signInAgainIfUnauthorized } from '@/components/trpc/use-api-action';

type ReadState<T> = { key: string; data: T; error?: undefined } | { key: string; data?: undefined; error: ContractError };

/**
 * A read a form needs after the page rendered (a campaign's stages once its job is chosen, a candidate search):
 * through the API loaded on first use, no data layer on the page. `key` names the read (its input; null: nothing to
 * read): a new key reads again, and a late answer for an old key is dropped. `initial` is what the server page
 * already read, under its key.
 */
export function useApiRead<T>(key: string | null, read: (api: Api) => Promise<T>, initial?: { key: string; data: T }) {
  const [state, setState] = useState<ReadState<T> | null>(null);
  const current: ReadState<T> | null = key === null ? null : state?.key === key ? state : initial?.key === key ? initial : null;
  const missing = key !== null && current === null;
  useEffect(() => {
    if (!missing || key === null) return;
    let live = true;
    loadApi()
      .then(read)
      .then(
        (data) => live && setState({ key, data }),
        (caught: unknown) => {
          const error = contractError(caught);
          signInAgainIfUnauthorized(error);
          if (live) setState({ key, error });
        },
      );
    return () => {
      live = false;
    };
    // `read` follows `key`, which names its input.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, missing]);
  return { data: current?.data, error: current?.error, pending: missing, retry: () => setState(null) };
}
