'use client';

import { LogOut } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { useLazyDialog } from '@/components/ui/use-lazy-dialog';

/** The confirmation (a dialog) loads on the first press, not with the page. */
const ConfirmActionDialog = dynamic(() => import('../confirm-action-dialog').then((m) => m.ConfirmActionDialog), { ssr: false });

/** Ending every session (this one included) asks first: one stray click used to sign the whole team's devices out. */
export function SignOutEverywhere({ action }: { action: () => Promise<void> }) {
  const dialog = useLazyDialog();
  const [pending, startTransition] = useTransition();
  return (
    <>
      <Button
        variant="outline"
        aria-haspopup="dialog"
        onClick={dialog.show}
      >
        <LogOut aria-hidden /> Sign out everywhere
      </Button>
      {dialog.mounted ? (
        <ConfirmActionDialog
          open={dialog.open}
          onOpenChange={dialog.setOpen}
          title="Sign out everywhere?"
          description="Every session of your account ends, this one included: you will sign in again on each device."
          confirmLabel="Sign out everywhere"
          destructive
          pending={pending}
          onConfirm={() => startTransition(() => action())}
        />
      ) : null}
    </>
  );
}
