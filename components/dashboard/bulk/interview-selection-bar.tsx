'use client';

import dynamic from 'next/dynamic';
import { useBulkSelectionContext } from './bulk-selection-context';
import { SelectionBar } from './selection-bar';
import type { InterviewSelectionInput } from './selection-input';

/** The bulk actions (dialogs with their forms and data layer) show only with a selection: their code loads then. */
const InterviewBulkActions = dynamic(() => import('./interview-bulk-actions').then((m) => m.InterviewBulkActions), { ssr: false });

type Filter = Extract<InterviewSelectionInput, { mode: 'filter' }>['filter'];

/** The interviews list's selection bar: the filter is the server's, for "all matching". */
export function InterviewSelectionBar({ total, filter }: { total: number; filter: Filter }) {
  const bulk = useBulkSelectionContext();
  const selection = (): InterviewSelectionInput => (bulk.allMatching ? { mode: 'filter', filter } : { mode: 'ids', ids: bulk.selectedIds });
  return (
    <SelectionBar selection={bulk} total={total} noun="interviews">
      <InterviewBulkActions selection={selection} count={bulk.allMatching ? total : bulk.selectedIds.length} />
    </SelectionBar>
  );
}
