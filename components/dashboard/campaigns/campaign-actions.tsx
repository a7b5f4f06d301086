'use client';

import { FlaskConical, Pencil, UserPlus } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/*
 * The campaign page's buttons. Each dialog (Radix Dialog, its form, React Query) loads on the first press: until
 * then the page shows a button that looks and is named like the dialog's own trigger, which then takes its place,
 * open. The dialogs call router.refresh() after a change, so the server renders the page's figures again.
 */
const LazyInvite = dynamic(() => import('./campaign-dialogs').then((m) => m.InviteDialog), { ssr: false, loading: () => <InviteTrigger /> });
const LazyRename = dynamic(() => import('./campaign-dialogs').then((m) => m.RenameDialog), { ssr: false, loading: () => <RenameTrigger /> });
const LazyRecordTest = dynamic(() => import('./campaign-dialogs').then((m) => m.RecordTestDialogWithData), { ssr: false, loading: () => <RecordTestTrigger /> });

function InviteTrigger({ onClick }: { onClick?: () => void }) {
  return (
    <Button data-testid="invite-candidates" aria-haspopup="dialog" onClick={onClick} disabled={!onClick}>
      <UserPlus aria-hidden /> Invite candidates
    </Button>
  );
}

function RenameTrigger({ onClick }: { onClick?: () => void }) {
  return (
    <Button variant="outline" aria-haspopup="dialog" onClick={onClick} disabled={!onClick}>
      <Pencil aria-hidden /> Rename
    </Button>
  );
}

function RecordTestTrigger({ onClick }: { onClick?: () => void }) {
  return (
    <Button variant="outline" size="sm" aria-haspopup="dialog" onClick={onClick} disabled={!onClick}>
      <FlaskConical aria-hidden /> Record a test result
    </Button>
  );
}

/** The trigger until the first press, then the lazily loaded dialog (open). */
function LoadOnPress({ trigger, dialog }: { trigger: (onClick: () => void) => ReactNode; dialog: ReactNode }) {
  const [pressed, setPressed] = useState(false);
  return pressed ? dialog : trigger(() => setPressed(true));
}

export function InviteCandidatesButton(props: { campaignId: string; stages: { id: string; name: string }[]; questionSet: string | null }) {
  return <LoadOnPress trigger={(onClick) => <InviteTrigger onClick={onClick} />} dialog={<LazyInvite {...props} />} />;
}

export function RenameCampaignButton(props: { campaign: { id: string; name: string; jobTitle: string } }) {
  return <LoadOnPress trigger={(onClick) => <RenameTrigger onClick={onClick} />} dialog={<LazyRename {...props} />} />;
}

export function RecordTestButton(props: { campaignId: string }) {
  return <LoadOnPress trigger={(onClick) => <RecordTestTrigger onClick={onClick} />} dialog={<LazyRecordTest {...props} />} />;
}
