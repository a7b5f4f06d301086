'use client';

import { UserPlus } from 'lucide-react';
import dynamic from 'next/dynamic';
import { Button } from '@/components/ui/button';
import { useLazyDialog } from '@/components/ui/use-lazy-dialog';

/** The dialog and its form load on the first click, not with the list. */
const CreateCandidateDialog = dynamic(() => import('./create-candidate-dialog'), { ssr: false });

/** "New candidate" on the candidates page; `defaultLocale` is the organization's language (candidates.defaults). */
export function NewCandidateButton({ defaultLocale }: { defaultLocale?: string }) {
  const dialog = useLazyDialog();
  return (
    <>
      <Button
        aria-haspopup="dialog"
        aria-expanded={dialog.open}
        onClick={dialog.show}
      >
        <UserPlus aria-hidden /> New candidate
      </Button>
      {dialog.mounted ? <CreateCandidateDialog open={dialog.open} onOpenChange={dialog.setOpen} defaultLocale={defaultLocale} /> : null}
    </>
  );
}
