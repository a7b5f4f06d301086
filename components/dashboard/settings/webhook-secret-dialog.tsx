'use client';

import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader } from '@/components/ui/dialog';
import { SecretShownOnce } from './secret-shown-once';

/** A signing secret just created or rotated: the only time the dashboard shows it. */
export function WebhookSecretDialog({ shown, onClose }: { shown: { url: string; secret: string; rotated: boolean } | null; onClose: () => void }) {
  return (
    <Dialog open={shown !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-xl" onPointerDownOutside={(e) => e.preventDefault()} onInteractOutside={(e) => e.preventDefault()}>
        <DialogHeader title={shown?.rotated ? 'The new signing secret' : 'Your endpoint’s signing secret'} description={shown?.url} />
        {shown ? (
          <div className="grid gap-4">
            <SecretShownOnce
              label="Signing secret"
              value={shown.secret}
              warning={
                <>
                  <strong className="font-semibold">Copy the secret now: it is shown only this once.</strong> Your receiver verifies every delivery with
                  it (a Standard Webhooks library does it in one call). {shown.rotated ? 'Deliveries are signed with this new secret from now on.' : ''}
                </>
              }
            />
          </div>
        ) : null}
        <DialogFooter>
          <Button onClick={onClose}>I have stored the secret</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
