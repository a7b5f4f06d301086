'use client';

import { UserPlus } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useState } from 'react';
import { Button } from '@/components/ui/button';

/** The dialog and its form load on the first click, not with the list. */
const CreateCandidateDialog = dynamic(() => import('./create-candidate-dialog'), { ssr: false });

/** "New candidate" on the candidates page; `defaultLocale` is the organization's language (candidates.defaults). */
export function NewCandidateButton({ defaultLocale }: { defaultLocale?: string }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <UserPlus aria-hidden /> New candidate
      </Button>
      {wanted ? <CreateCandidateDialog open={open} onOpenChange={setOpen} defaultLocale={defaultLocale} /> : null}
    </>
  );
}
