'use client';

import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader } from '@/components/ui/dialog';
import { SecretShownOnce } from '../settings/secret-shown-once';

/** A new integration's key (shown once) or Lever webhook address: loaded when there is one to show (integrations-page.tsx). */
export function IntegrationSecretDialogs({
  label,
  shownWebhookUrl,
  shownKey,
  onCloseWebhookUrl,
  onCloseKey,
}: {
  label: string;
  shownWebhookUrl: string | null;
  shownKey: string | null;
  onCloseWebhookUrl: () => void;
  onCloseKey: () => void;
}) {
  return (
    <>
      <Dialog open={shownWebhookUrl !== null} onOpenChange={(open) => (open ? undefined : onCloseWebhookUrl())}>
        <DialogContent className="max-w-xl">
          <DialogHeader
            title="Your Lever webhook address"
            description="In Lever (Settings → Integrations and API → Webhooks), turn on Candidate Stage Change with this address, then paste the signature token Lever shows for it into this integration."
          />
          {shownWebhookUrl ? <code className="block break-all rounded-md bg-slate-50 px-3 py-2 font-mono text-xs">{shownWebhookUrl}</code> : null}
          <DialogFooter>
            <Button onClick={() => onCloseWebhookUrl()}>Done</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <Dialog open={shownKey !== null} onOpenChange={(open) => (open ? undefined : onCloseKey())}>
        <DialogContent className="max-w-xl" onPointerDownOutside={(e) => e.preventDefault()} onInteractOutside={(e) => e.preventDefault()}>
          <DialogHeader title={`Your ${label} key`} description={`Give it to ${label} with the addresses above.`} />
          {shownKey ? (
            <SecretShownOnce
              label="Integration key"
              value={shownKey}
              warning={<strong className="font-semibold">Copy the key now: it is shown only this once.</strong>}
            />
          ) : null}
          <DialogFooter>
            <Button onClick={() => onCloseKey()}>I have stored the key</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
