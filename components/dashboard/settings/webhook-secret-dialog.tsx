'use client';

import { Check, Copy, TriangleAlert } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader } from '@/components/ui/dialog';

/** A signing secret just created or rotated: the only time the dashboard shows it. */
export function WebhookSecretDialog({ shown, onClose }: { shown: { url: string; secret: string; rotated: boolean } | null; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const close = () => {
    setCopied(false);
    onClose();
  };
  return (
    <Dialog open={shown !== null} onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent className="max-w-xl" onPointerDownOutside={(e) => e.preventDefault()} onInteractOutside={(e) => e.preventDefault()}>
        <DialogHeader title={shown?.rotated ? 'The new signing secret' : 'Your endpoint’s signing secret'} description={shown?.url} />
        {shown ? (
          <div className="grid gap-4">
            <div role="note" className="flex items-start gap-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2.5 text-sm text-amber-950">
              <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden />
              <p>
                <strong className="font-semibold">Copy the secret now: it is shown only this once.</strong> Your receiver verifies every delivery with it
                (a Standard Webhooks library does it in one call). {shown.rotated ? 'Deliveries are signed with this new secret from now on.' : ''}
              </p>
            </div>
            <div className="grid gap-1.5">
              <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
                Signing secret
              </label>
              <div className="flex gap-2">
                <input
                  ref={inputRef}
                  id={inputId}
                  readOnly
                  value={shown.secret}
                  onFocus={(e) => e.currentTarget.select()}
                  spellCheck={false}
                  className="h-9 min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-3 font-mono text-sm text-slate-900"
                />
                <Button
                  variant="outline"
                  onClick={async () => {
                    try {
                      await navigator.clipboard.writeText(shown.secret);
                      setCopied(true);
                    } catch {
                      inputRef.current?.select();
                    }
                  }}
                >
                  {copied ? <Check aria-hidden /> : <Copy aria-hidden />} Copy
                </Button>
              </div>
              <p aria-live="polite" className="min-h-4 text-xs text-slate-600">
                {copied ? 'Copied to the clipboard.' : ''}
              </p>
            </div>
          </div>
        ) : null}
        <DialogFooter>
          <Button onClick={close}>I have stored the secret</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
