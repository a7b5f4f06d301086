'use client';

import { Button } from '@/components/ui/button';
import { useSearchState } from '../use-search-state';
import type { FunnelInterval } from './analytics-input';

/** The funnel over time by week or by month: the choice goes into the URL (`interval`), the server redraws. */
export function IntervalSwitch({ interval }: { interval: FunnelInterval }) {
  const { set } = useSearchState();
  return (
    <div role="group" aria-label="Period" className="flex gap-1">
      {(['week', 'month'] as const).map((value) => (
        <Button key={value} size="sm" variant={interval === value ? 'secondary' : 'ghost'} aria-pressed={interval === value} onClick={() => set({ interval: value === 'week' ? '' : value }, { replace: true })}>
          {value === 'week' ? 'By week' : 'By month'}
        </Button>
      ))}
    </div>
  );
}
