'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { Dialog, DialogContent, DialogHeader } from '@/components/ui/dialog';
import { GO_TO, isTypingTarget, SHORTCUTS } from './shortcuts';

export const GLOBAL_SEARCH_INPUT_ID = 'global-search';

/**
 * The dashboard's shortcuts, one listener for the whole shell: `/` focuses the header's search, `g` then a letter
 * goes to a section, `?` shows the list. Keys typed into a field, or with Ctrl/Alt/Meta, are left alone.
 */
export function KeyboardShortcuts() {
  const router = useRouter();
  const [helpOpen, setHelpOpen] = useState(false);
  const pendingG = useRef<number | null>(null);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return;
      if (pendingG.current !== null) {
        window.clearTimeout(pendingG.current);
        pendingG.current = null;
        const target = GO_TO[event.key as keyof typeof GO_TO];
        if (target) {
          event.preventDefault();
          router.push(target.href);
          return;
        }
      }
      if (event.key === '/') {
        event.preventDefault();
        document.getElementById(GLOBAL_SEARCH_INPUT_ID)?.focus();
      } else if (event.key === '?') {
        event.preventDefault();
        setHelpOpen(true);
      } else if (event.key === 'g') {
        // The second key must follow within a second.
        pendingG.current = window.setTimeout(() => (pendingG.current = null), 1000);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [router]);
  return (
    <Dialog open={helpOpen} onOpenChange={setHelpOpen}>
      <DialogContent className="max-w-md">
        <DialogHeader title="Keyboard shortcuts" description="Anywhere in the dashboard, except while typing in a field." />
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          {SHORTCUTS.map((shortcut) => (
            <div key={shortcut.keys.join(' ')} className="contents">
              <dt className="flex gap-1 whitespace-nowrap">
                {shortcut.keys.map((key) => (
                  <kbd key={key} className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs text-slate-800">
                    {key}
                  </kbd>
                ))}
              </dt>
              <dd className="text-slate-700">{shortcut.description}</dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
