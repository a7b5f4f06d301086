'use client';

import { createContext, useContext, type ReactNode } from 'react';
import { useBulkSelection, type BulkSelection } from './use-bulk-selection';

/**
 * The selection of a server-rendered list, shared by its islands: the checkboxes in the table's cells (rendered on
 * the server), the selection bar above and its bulk actions.
 */
const BulkSelectionContext = createContext<BulkSelection | null>(null);

export function BulkSelectionProvider({ pageIds, resetKey, children }: { pageIds: string[]; resetKey: string; children: ReactNode }) {
  const selection = useBulkSelection(pageIds, resetKey);
  return <BulkSelectionContext.Provider value={selection}>{children}</BulkSelectionContext.Provider>;
}

export function useBulkSelectionContext(): BulkSelection {
  const selection = useContext(BulkSelectionContext);
  if (!selection) throw new Error('useBulkSelectionContext outside a BulkSelectionProvider');
  return selection;
}
