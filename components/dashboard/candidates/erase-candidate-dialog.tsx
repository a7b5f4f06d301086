'use client';

import { useRouter } from 'next/navigation';
import { useApiAction } from '@/components/trpc/use-api-action';
import { ConfirmActionDialog } from '../confirm-action-dialog';

type Props = { candidateId: string; name: string; open: boolean; onOpenChange: (open: boolean) => void };

/** Loaded on the first press of "Erase" (candidate-actions.tsx): the confirmation, then the erasure and the list. */
export default function EraseCandidateDialog({ candidateId, name, open, onOpenChange }: Props) {
  const router = useRouter();
  const erase = useApiAction((api, id: string) => api.candidates.erase.mutate({ id }), { refresh: false, onSuccess: () => router.push('/candidates') });
  return (
    <ConfirmActionDialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) erase.reset();
      }}
      title={`Erase ${name}?`}
      description="This permanently destroys this candidate's personal data. It cannot be undone."
      confirmLabel="Erase permanently"
      destructive
      pending={erase.pending}
      onConfirm={() => void erase.run(candidateId)}
    >
      <div className="grid gap-2 text-sm text-slate-700">
        <p>Destroyed:</p>
        <ul className="list-disc pl-5">
          <li>the profile: name, email, phone, CV link, tags, source</li>
          <li>interview transcripts, audio recordings and the evaluators&apos; comments</li>
          <li>report summaries and transcripts</li>
          <li>emails sent to them (local mailbox) and their address in the email log</li>
          <li>stored API requests and queued jobs that mention them</li>
        </ul>
        <p>Open interviews are cancelled. Interviews and reports stay as anonymous records (status, dates, scores), so campaign statistics do not change.</p>
        {erase.error ? (
          <p role="alert" className="text-red-700">
            {erase.error.message}
          </p>
        ) : null}
      </div>
    </ConfirmActionDialog>
  );
}
