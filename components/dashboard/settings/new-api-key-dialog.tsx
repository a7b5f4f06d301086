'use client';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader } from '@/components/ui/dialog';
import type { CreatedApiKey } from './create-api-key-dialog';
import { SecretShownOnce } from './secret-shown-once';

/**
 * The plaintext of a key just created: the only time it exists outside the caller's hands (the server keeps a
 * SHA-256 only). Closing the dialog drops it from memory; a click outside does not close it by accident.
 */
export function NewApiKeyDialog({ apiKey, onClose }: { apiKey: CreatedApiKey | null; onClose: () => void }) {
  return (
    <Dialog open={apiKey !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-xl" onPointerDownOutside={(e) => e.preventDefault()} onInteractOutside={(e) => e.preventDefault()}>
        <DialogHeader title="Your new API key" description={apiKey ? `“${apiKey.name}” can: ${apiKey.scopes.join(', ')}.` : undefined} />
        {apiKey ? (
          <div className="grid gap-4">
            <SecretShownOnce
              label="API key"
              value={apiKey.key}
              warning={
                <>
                  <strong className="font-semibold">Copy the key now: it is shown only this once.</strong> It is not stored and cannot be shown again.
                  Keep it in a secret manager, never in code or a URL. If it is lost, revoke it and create another.
                </>
              }
            />
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
          <Button onClick={onClose}>I have stored the key</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
