'use client';

import { Eye, EyeOff, FlaskConical, Pencil, UserPlus } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useState, type ReactNode } from 'react';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { useApiAction } from '@/components/trpc/use-api-action';

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

/**
 * Follow or stop following the campaign (its events then reach the bell): the state is read by the server page,
 * the change goes through the API loaded on first press. Same name, test id and states as the shared WatchButton.
 */
export function WatchCampaignButton({ campaignId, watching: initial }: { campaignId: string; watching: boolean }) {
  const [watching, setWatching] = useState(initial);
  const set = useApiAction((api, next: boolean) => api.notifications.setWatching.mutate({ targetType: 'campaign', targetId: campaignId, watching: next }), {
    refresh: false,
    onSuccess: (data) => {
      setWatching(data.watching);
      toast.success(data.watching ? 'You now watch this campaign' : 'You no longer watch this campaign');
    },
    onError: (error) => toast.error(error.message),
  });
  const name = 'Watch this campaign';
  return (
    <Button
      variant="outline"
      size="icon"
      aria-label={name}
      aria-pressed={watching}
      title={watching ? 'You watch this campaign: press to stop' : `${name}: be notified of what happens to it`}
      disabled={set.pending}
      data-testid="watch-button"
      data-watching={String(watching)}
      onClick={() => void set.run(!watching)}
      className={watching ? 'border-brand-300 bg-brand-50 text-brand-800 hover:bg-brand-100' : undefined}
    >
      {watching ? <Eye aria-hidden /> : <EyeOff aria-hidden />}
    </Button>
  );
}
