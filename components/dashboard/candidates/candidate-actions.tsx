'use client';

import { Download, LoaderCircle, Pencil, Trash2 } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { RouterOutputs } from '@/components/trpc/react';
import { contractError } from '@/components/trpc/errors';
import { loadApi, signInAgainIfUnauthorized } from '@/components/trpc/use-api-action';

type Candidate = RouterOutputs['candidates']['get'];

// The dialogs (Radix Dialog, the form, React Query for the edit) load on the first click: the profile's first
// load carries only these buttons.
const LazyEditDialog = dynamic(() => import('./edit-candidate-dialog'), { ssr: false });
const LazyEraseDialog = dynamic(() => import('./erase-candidate-dialog'), { ssr: false });

/** "Edit": opens the edit dialog, loaded on first use; after a save the server renders the profile again. */
export function EditCandidateButton({ candidate }: { candidate: Candidate }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={trigger}
        variant="outline"
        aria-haspopup="dialog"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <Pencil aria-hidden /> Edit
      </Button>
      {opened ? <LazyEditDialog candidate={candidate} open={open} onOpenChange={setOpen} returnFocus={trigger} /> : null}
    </>
  );
}

/** GDPR access: everything held about the candidate as one JSON file (the same document as the v1 export). */
export function DownloadCandidateDataButton({ candidateId }: { candidateId: string }) {
  const [state, setState] = useState<{ pending: boolean; error: string | null }>({ pending: false, error: null });
  async function download() {
    setState({ pending: true, error: null });
    try {
      const data = await (await loadApi()).candidates.exportData.query({ id: candidateId });
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `candidate-${candidateId}-data.json`;
      link.click();
      URL.revokeObjectURL(url);
      setState({ pending: false, error: null });
    } catch (error) {
      const failure = contractError(error);
      signInAgainIfUnauthorized(failure);
      setState({ pending: false, error: failure.message });
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

/** GDPR erasure, after a confirmation (loaded on first use) that names everything it destroys. */
export function EraseCandidateButton({ candidateId, name }: { candidateId: string; name: string }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="destructive"
        aria-haspopup="dialog"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <Trash2 aria-hidden /> Erase
      </Button>
      {opened ? <LazyEraseDialog candidateId={candidateId} name={name} open={open} onOpenChange={setOpen} /> : null}
    </>
  );
}
