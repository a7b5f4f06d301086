'use client';

import { Check, Copy, TriangleAlert } from 'lucide-react';
import { useId, useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';

type CopyState = 'idle' | 'copied' | 'manual';

/**
 * A secret the server shows once (an API key, a webhook signing secret): the warning, the value in a read-only
 * field that selects itself, and a Copy button. Without clipboard access (an insecure origin, a refused
 * permission) the value is selected for Ctrl+C instead, and the live region says so. Its state goes with it when
 * the dialog that holds it closes.
 */
export function SecretShownOnce({ label, value, warning }: { label: string; value: string; warning: ReactNode }) {
  const [copy, setCopy] = useState<CopyState>('idle');
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const copyStateId = useId();

  const copyValue = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopy('copied');
    } catch {
      inputRef.current?.select();
      setCopy('manual');
    }
  };

  return (
    <>
      <div role="note" className="flex items-start gap-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2.5 text-sm text-amber-950">
        <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden />
        <p>{warning}</p>
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        <div className="flex gap-2">
          <input
            ref={inputRef}
            id={inputId}
            readOnly
            value={value}
            onFocus={(e) => e.currentTarget.select()}
            spellCheck={false}
            className="h-9 min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-3 font-mono text-sm text-slate-900"
          />
          <Button variant="outline" onClick={copyValue} aria-describedby={copyStateId}>
            {copy === 'copied' ? <Check aria-hidden /> : <Copy aria-hidden />} Copy
          </Button>
        </div>
        <p id={copyStateId} aria-live="polite" className="min-h-4 text-xs text-slate-600">
          {copy === 'copied' ? 'Copied to the clipboard.' : copy === 'manual' ? `The ${label.toLowerCase()} is selected: press Ctrl+C (⌘C on a Mac) to copy it.` : ''}
        </p>
      </div>
    </>
  );
}
