'use client';

import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { GO_TO, isTypingTarget } from './shortcuts';
import { useLazyDialog } from '@/components/ui/use-lazy-dialog';

const ShortcutsHelpDialog = dynamic(() => import('./shortcuts-help-dialog'), { ssr: false });

export const GLOBAL_SEARCH_INPUT_ID = 'global-search';

/**
 * The dashboard's shortcuts, one listener for the whole shell: `/` focuses the header's search, `g` then a letter
 * goes to a section, `?` shows the list. Keys typed into a field, or with Ctrl/Alt/Meta, are left alone.
 */
export function KeyboardShortcuts() {
  const router = useRouter();
  const help = useLazyDialog();
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
        help.show();
      } else if (event.key === 'g') {
        // The second key must follow within a second.
        pendingG.current = window.setTimeout(() => (pendingG.current = null), 1000);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [router, help.show]);
  // The dialog's code loads on the first `?`, not with every page; it stays mounted afterwards.
  return help.mounted ? <ShortcutsHelpDialog open={help.open} onOpenChange={help.setOpen} /> : null;
}
