'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';

/**
 * Makes the rows of its table (`tr[data-href]`) open their page on a mouse click anywhere but their own links and
 * buttons; the row's first link stays the keyboard target. One listener per table, placed in its caption, so the
 * rows themselves stay server-rendered markup.
 */
export function RowClicks() {
  const marker = useRef<HTMLSpanElement>(null);
  const router = useRouter();
  useEffect(() => {
    const table = marker.current?.closest('table');
    if (!table) return;
    const onClick = (event: MouseEvent) => {
      const target = event.target as HTMLElement;
      if (target.closest('a,button,input,select,audio')) return;
      const row = target.closest<HTMLTableRowElement>('tr[data-href]');
      if (row?.dataset.href) router.push(row.dataset.href);
    };
    table.addEventListener('click', onClick);
    return () => table.removeEventListener('click', onClick);
  }, [router]);
  return <span ref={marker} hidden />;
}
