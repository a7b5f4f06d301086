'use client';

import { Check, Copy, TriangleAlert } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader } from '@/components/ui/dialog';
import type { CreatedApiKey } from './create-api-key-dialog';

type CopyState = 'idle' | 'copied' | 'manual';

/**
 * The plaintext of a key just created: the only time it exists outside the caller's hands (the server keeps a
 * SHA-256 only). Closing the dialog drops it from memory; a click outside does not close it by accident.
 */
export function NewApiKeyDialog({ apiKey, onClose }: { apiKey: CreatedApiKey | null; onClose: () => void }) {
  const [copy, setCopy] = useState<CopyState>('idle');
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const copyStateId = useId();

  const copyKey = async () => {
    if (!apiKey) return;
    try {
      await navigator.clipboard.writeText(apiKey.key);
      setCopy('copied');
    } catch {
      // No clipboard access (an insecure origin, a refused permission): select it for Ctrl+C instead.
      inputRef.current?.select();
      setCopy('manual');
    }
  };

  return (
    <Dialog
      open={apiKey !== null}
      onOpenChange={(open) => {
        if (!open) {
          setCopy('idle');
          onClose();
        }
      }}
    >
      <DialogContent className="max-w-xl" onPointerDownOutside={(e) => e.preventDefault()} onInteractOutside={(e) => e.preventDefault()}>
        <DialogHeader title="Your new API key" description={apiKey ? `“${apiKey.name}” can: ${apiKey.scopes.join(', ')}.` : undefined} />
        {apiKey ? (
          <div className="grid gap-4">
            <div role="note" className="flex items-start gap-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2.5 text-sm text-amber-950">
              <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden />
              <p>
                <strong className="font-semibold">Copy the key now: it is shown only this once.</strong> It is not stored and cannot be shown again. Keep it
                in a secret manager, never in code or a URL. If it is lost, revoke it and create another.
              </p>
            </div>
            <div className="grid gap-1.5">
              <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
                API key
              </label>
              <div className="flex gap-2">
                <input
                  ref={inputRef}
                  id={inputId}
                  readOnly
                  value={apiKey.key}
                  onFocus={(e) => e.currentTarget.select()}
                  spellCheck={false}
                  className="h-9 min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-3 font-mono text-sm text-slate-900"
                />
                <Button variant="outline" onClick={copyKey} aria-describedby={copyStateId}>
                  {copy === 'copied' ? <Check aria-hidden /> : <Copy aria-hidden />} Copy
                </Button>
              </div>
              <p id={copyStateId} aria-live="polite" className="min-h-4 text-xs text-slate-600">
                {copy === 'copied' ? 'Copied to the clipboard.' : copy === 'manual' ? 'The key is selected: press Ctrl+C (⌘C on a Mac) to copy it.' : ''}
              </p>
            </div>
            <div className="flex flex-wrap gap-1.5">
              {apiKey.scopes.map((s) => (
                <Badge key={s} tone="brand">
                  {s}
                </Badge>
              ))}
            </div>
            <p className="text-sm text-slate-600">
              Send it as <code className="rounded bg-slate-100 px-1 font-mono text-xs">Authorization: Bearer isk_…</code> to the REST API under{' '}
              <code className="rounded bg-slate-100 px-1 font-mono text-xs">/api/v1</code>.
            </p>
          </div>
        ) : null}
        <DialogFooter>
          <Button
            onClick={() => {
              setCopy('idle');
              onClose();
            }}
          >
            I have stored the key
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
