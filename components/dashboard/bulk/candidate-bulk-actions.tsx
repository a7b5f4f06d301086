'use client';

import { Download } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { contractError } from '@/components/trpc/errors';
import { withProviders } from '@/components/trpc/providers';
import { trpc } from '@/components/trpc/react';
import { RecruiterOnly } from '../role-context';
import { BulkResultDialog, type BulkOperation } from './bulk-result-dialog';
import { downloadCsv } from './download-csv';
import { InviteToCampaignDialog } from './invite-to-campaign-dialog';
import type { CandidateSelectionInput } from './selection-input';
import { TagCandidatesDialog } from './tag-candidates-dialog';

type Props = { selection: () => CandidateSelectionInput; count: number };

/** Invite to a campaign, tag and export for the selected candidates, with each action's per-row outcome. */
function Actions({ selection, count }: Props) {
  const router = useRouter();
  const [result, setResult] = useState<{ title: string; operation: BulkOperation } | null>(null);
  const show = (title: string) => (operation: BulkOperation) => setResult({ title, operation });
  const exportCsv = trpc.bulk.exportCandidates.useMutation({
    onSuccess: ({ filename, csv, rows }) => {
      downloadCsv(filename, csv);
      toast.success(`Exported ${rows} candidate${rows === 1 ? '' : 's'}`);
    },
    onError: (error) => toast.error(`The export failed: ${contractError(error).message}`),
  });
  return (
    <>
      <RecruiterOnly>
        <InviteToCampaignDialog selection={selection} count={count} onDone={show('Invite to campaign')} />
        <TagCandidatesDialog selection={selection} count={count} onDone={show('Tags')} />
      </RecruiterOnly>
      <Button size="sm" variant="outline" disabled={exportCsv.isPending} onClick={() => exportCsv.mutate({ selection: selection() })}>
        <Download aria-hidden /> Export CSV
      </Button>
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
export const CandidateBulkActions = withProviders(Actions);
