'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback } from 'react';
import { useListNavigation } from './list-navigation';

/**
 * Filters and pagination live in the URL's search params, so a filtered list can be shared, bookmarked and
 * restored with the back button. Setting a filter other than `page` goes back to page 1. Inside a server-rendered
 * list (ListNavigationProvider) the navigation runs in the list's transition: the server renders the new rows while
 * the current ones stay, marked busy.
 */
export function useSearchState() {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const navigation = useListNavigation();
  const get = useCallback((key: string) => params.get(key) ?? '', [params]);
  const set = useCallback(
    (updates: Record<string, string | number | null | undefined>, options: { replace?: boolean } = {}) => {
      const next = new URLSearchParams(params.toString());
      for (const [key, value] of Object.entries(updates)) {
        if (value === null || value === undefined || value === '') next.delete(key);
        else next.set(key, String(value));
      }
      if (!('page' in updates)) next.delete('page');
      const query = next.toString();
      const url = query ? `${pathname}?${query}` : pathname;
      const go = () => (options.replace ? router.replace(url, { scroll: false }) : router.push(url, { scroll: false }));
      if (navigation) navigation.startTransition(go);
      else go();
    },
    [params, pathname, router, navigation],
  );
  return { params, get, set };
}

export { intParam } from './list-inputs';
