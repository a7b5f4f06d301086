'use client';

import { Download, LoaderCircle, Trash2 } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { contractError } from '@/components/trpc/errors';
import { trpc } from '@/components/trpc/react';
import { ConfirmActionDialog } from '../confirm-action-dialog';

/** GDPR access: everything held about the candidate as one JSON file (the same document as the v1 export). */
export function DownloadCandidateDataButton({ candidateId }: { candidateId: string }) {
  const utils = trpc.useUtils();
  const [state, setState] = useState<{ pending: boolean; error: string | null }>({ pending: false, error: null });
  async function download() {
    setState({ pending: true, error: null });
    try {
      const data = await utils.candidates.exportData.fetch({ id: candidateId }, { staleTime: 0 });
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `candidate-${candidateId}-data.json`;
      link.click();
      URL.revokeObjectURL(url);
      setState({ pending: false, error: null });
    } catch (error) {
      setState({ pending: false, error: contractError(error).message });
    }
  }
  return (
    <>
      <Button variant="outline" onClick={download} disabled={state.pending}>
        {state.pending ? <LoaderCircle className="animate-spin" aria-hidden /> : <Download aria-hidden />} Download data
      </Button>
      {state.error ? (
        <p role="alert" className="text-sm text-red-700">
          {state.error}
        </p>
      ) : null}
    </>
  );
}

/** GDPR erasure, after a confirmation that names everything it destroys. */
export function EraseCandidateButton({ candidateId, name }: { candidateId: string; name: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const erase = trpc.candidates.erase.useMutation({ onSuccess: () => router.push('/candidates') });
  return (
    <>
      <Button variant="destructive" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden /> Erase
      </Button>
      <ConfirmActionDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) erase.reset();
        }}
        title={`Erase ${name}?`}
        description="This permanently destroys this candidate's personal data. It cannot be undone."
        confirmLabel="Erase permanently"
        destructive
        pending={erase.isPending}
        onConfirm={() => erase.mutate({ id: candidateId })}
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
              {contractError(erase.error).message}
            </p>
          ) : null}
        </div>
      </ConfirmActionDialog>
    </>
  );
}
