'use client';

import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogHeader } from '@/components/ui/dialog';

type ConfirmActionDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  /** More about the consequences, under the description. */
  children?: ReactNode;
  confirmLabel: string;
  /** Destructive actions (cancel, revoke) get the red button; the default is the primary one. */
  destructive?: boolean;
  pending: boolean;
  onConfirm: () => void;
};

/**
 * Asks before an action that cannot be undone. The safe choice ("Keep" / "Back") has the focus when it opens,
 * so Enter pressed by habit does nothing harmful.
 */
export function ConfirmActionDialog({ open, onOpenChange, title, description, children, confirmLabel, destructive = false, pending, onConfirm }: ConfirmActionDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <DialogContent role="alertdialog" className="max-w-md">
        <DialogHeader title={title} description={description} />
        {children}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={pending}>
              Back
            </Button>
          </DialogClose>
          <Button variant={destructive ? 'destructive' : 'primary'} disabled={pending} onClick={onConfirm}>
            {pending ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
