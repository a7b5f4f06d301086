'use client';

import { Ban, Download, RefreshCw } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { contractError } from '@/components/trpc/errors';
import { withProviders } from '@/components/trpc/providers';
import { trpc } from '@/components/trpc/react';
import { ConfirmActionDialog } from '../confirm-action-dialog';
import { RecruiterOnly } from '../role-context';
import { BulkResultDialog, type BulkOperation } from './bulk-result-dialog';
import { DecideInterviewsDialog } from './decide-interviews-dialog';
import { downloadCsv } from './download-csv';
import type { InterviewSelectionInput } from './selection-input';

type Props = { selection: () => InterviewSelectionInput; count: number };

/** Resend, cancel, decide and export for the selected interviews, with each action's per-row outcome. */
function Actions({ selection, count }: Props) {
  const router = useRouter();
  const [result, setResult] = useState<{ title: string; operation: BulkOperation } | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const show = (title: string) => (operation: BulkOperation) => setResult({ title, operation });
  const failed = (what: string) => (error: unknown) => toast.error(`${what}: ${contractError(error).message}`);
  const resend = trpc.bulk.resendInterviews.useMutation({ onSuccess: show('Resend invitations'), onError: failed('Nothing was resent') });
  const cancel = trpc.bulk.cancelInterviews.useMutation({
    onSuccess: (operation) => {
      setConfirmCancel(false);
      show('Cancel interviews')(operation);
    },
    onError: failed('Nothing was cancelled'),
  });
  const exportCsv = trpc.bulk.exportInterviews.useMutation({
    onSuccess: ({ filename, csv, rows }) => {
      downloadCsv(filename, csv);
      toast.success(`Exported ${rows} interview${rows === 1 ? '' : 's'}`);
    },
    onError: failed('The export failed'),
  });
  return (
    <>
      <RecruiterOnly>
        <Button size="sm" variant="outline" disabled={resend.isPending} onClick={() => resend.mutate({ selection: selection() })}>
          <RefreshCw aria-hidden /> Resend invitation
        </Button>
        <DecideInterviewsDialog selection={selection} count={count} onDone={show('Decide')} />
        <Button size="sm" variant="outline" onClick={() => setConfirmCancel(true)}>
          <Ban aria-hidden /> Cancel
        </Button>
      </RecruiterOnly>
      <Button size="sm" variant="outline" disabled={exportCsv.isPending} onClick={() => exportCsv.mutate({ selection: selection() })}>
        <Download aria-hidden /> Export CSV
      </Button>
      <ConfirmActionDialog
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        title={`Cancel ${count} interview${count === 1 ? '' : 's'}?`}
        description="Open interviews are cancelled and their links stop working; finished ones are skipped. This cannot be undone."
        confirmLabel="Cancel interviews"
        destructive
        pending={cancel.isPending}
        onConfirm={() => cancel.mutate({ selection: selection() })}
      />
      <BulkResultDialog
        title={result?.title ?? ''}
        operation={result?.operation ?? null}
        onClose={() => setResult(null)}
        // The selection stays (another action may follow); the server renders the rows' new state.
        onSettled={() => router.refresh()}
      />
    </>
  );
}

/** Loaded with the first selection: the actions bring their own data layer (the list page, rendered on the server, has none). */
export const InterviewBulkActions = withProviders(Actions);
