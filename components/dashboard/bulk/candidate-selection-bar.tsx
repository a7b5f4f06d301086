'use client';

import dynamic from 'next/dynamic';
import { useBulkSelectionContext } from './bulk-selection-context';
import { SelectionBar } from './selection-bar';
import type { CandidateSelectionInput } from './selection-input';

/** The bulk actions (dialogs with their forms and data layer) show only with a selection: their code loads then. */
const CandidateBulkActions = dynamic(() => import('./candidate-bulk-actions').then((m) => m.CandidateBulkActions), { ssr: false });

/** The candidates list's selection bar: the filter is the server's, for "all matching". */
export function CandidateSelectionBar({ total, filter }: { total: number; filter: { search?: string; tags?: string[] } }) {
  const bulk = useBulkSelectionContext();
  const selection = (): CandidateSelectionInput => (bulk.allMatching ? { mode: 'filter', filter } : { mode: 'ids', ids: bulk.selectedIds });
  return (
    <SelectionBar selection={bulk} total={total} noun="candidates">
      <CandidateBulkActions selection={selection} count={bulk.allMatching ? total : bulk.selectedIds.length} />
    </SelectionBar>
  );
}
