'use client';

import { useCallback, useEffect, useMemo, useState } from 'react';

/**
 * The rows a recruiter picked on the current page, or "all matching the filter". The selection is per page
 * and per filter: changing either clears it, so an action never covers rows that are no longer on screen.
 */
export function useBulkSelection(pageIds: readonly string[], resetKey: string) {
  const [ids, setIds] = useState<ReadonlySet<string>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  useEffect(() => {
    setIds(new Set());
    setAllMatching(false);
  }, [resetKey]);
  const isSelected = useCallback((id: string) => allMatching || ids.has(id), [allMatching, ids]);
  const onToggle = useCallback(
    (id: string, checked: boolean) => {
      // Unticking one row leaves "all matching": the page's other rows stay selected.
      const base = allMatching ? new Set(pageIds) : new Set(ids);
      if (checked) base.add(id);
      else base.delete(id);
      setAllMatching(false);
      setIds(base);
    },
    [allMatching, ids, pageIds],
  );
  const onTogglePage = useCallback(
    (checked: boolean) => {
      setAllMatching(false);
      setIds(checked ? new Set(pageIds) : new Set());
    },
    [pageIds],
  );
  const clear = useCallback(() => {
    setAllMatching(false);
    setIds(new Set());
  }, []);
  const selectedIds = useMemo(() => pageIds.filter((id) => ids.has(id)), [ids, pageIds]);
  const wholePage = pageIds.length > 0 && selectedIds.length === pageIds.length;
  return { isSelected, onToggle, onTogglePage, clear, allMatching, selectAllMatching: () => setAllMatching(true), selectedIds, wholePage };
}
export type BulkSelection = ReturnType<typeof useBulkSelection>;
