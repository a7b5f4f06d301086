'use client';

import { Dialog, DialogContent, DialogHeader } from '@/components/ui/dialog';
import { SHORTCUTS } from './shortcuts';

/** The list `?` shows (keyboard-shortcuts.tsx loads it on the first `?`). */
export default function ShortcutsHelpDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
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
