'use client';

import { Pencil } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Providers } from '@/components/trpc/providers';
import { CampaignFormDialog } from './campaign-form-dialog';
import { InviteCandidatesDialog } from './invite-candidates-dialog';
import { RecordTestDialog } from './record-test-dialog';

/*
 * The campaign page's dialogs, loaded on the first press of their button (campaign-actions.tsx), open, each with
 * the data layer its hooks need: the page itself carries none.
 */

export function InviteDialog(props: { campaignId: string; stages: { id: string; name: string }[]; questionSet: string | null }) {
  return (
    <Providers>
      <InviteCandidatesDialog {...props} initialOpen />
    </Providers>
  );
}

export function RenameDialog({ campaign }: { campaign: { id: string; name: string; jobTitle: string } }) {
  return (
    <Providers>
      <CampaignFormDialog
        campaign={campaign}
        initialOpen
        trigger={
          <Button variant="outline">
            <Pencil aria-hidden /> Rename
          </Button>
        }
      />
    </Providers>
  );
}

export function RecordTestDialogWithData(props: { campaignId: string }) {
  return (
    <Providers>
      <RecordTestDialog {...props} initialOpen />
    </Providers>
  );
}
