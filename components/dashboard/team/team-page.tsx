'use client';

import { ArrowLeft, MailPlus, Trash2, UserMinus } from 'lucide-react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { PageHeader } from '@/components/dashboard/page-header';
import { Time } from '@/components/dashboard/time';
import type { Api } from '@/components/trpc/api-client';
import type { RouterOutputs } from '@/components/trpc/react';
import { useApiAction } from '@/components/trpc/use-api-action';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import type { UserRole } from '@/db/schema/users';
import { ROLE_HINTS, ROLE_LABELS, selectClass, USER_ROLES } from './team-labels';
import { useLazyDialog } from '@/components/ui/use-lazy-dialog';

/** The dialogs load on first use, not with the page. */
const ConfirmActionDialog = dynamic(() => import('@/components/dashboard/confirm-action-dialog').then((m) => m.ConfirmActionDialog), { ssr: false });
const InviteMemberDialog = dynamic(() => import('./invite-member-dialog').then((m) => m.InviteMemberDialog), { ssr: false });

type Team = RouterOutputs['team']['list'];
type Member = Team['members'][number];
type Invitation = Team['invitations'][number];

const setRoleOf = (api: Api, input: { userId: string; role: UserRole }) => api.team.setRole.mutate(input);
const removeMember = (api: Api, input: { userId: string }) => api.team.remove.mutate(input);
const revokeInvitation = (api: Api, input: { id: string }) => api.team.revokeInvitation.mutate(input);

/**
 * Settings → Team: members and their roles, pending invitations, invite. Admins only (the page and the API). The
 * server reads the team (`team`); a change re-renders the page.
 */
export function TeamPage({ currentUserId, team }: { currentUserId: string; team: Team }) {
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        eyebrow={
          <Link href="/settings" className="inline-flex items-center gap-1 hover:text-brand-700 hover:underline">
            <ArrowLeft className="size-3.5" aria-hidden /> Settings
          </Link>
        }
        title="Team"
        description="Who can sign in to your organization and what they may do."
        actions={<InviteButton />}
      />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
        <Card>
          <CardHeader title="Members" description={`${team.members.length} ${team.members.length === 1 ? 'person' : 'people'}`} />
          <ul className="divide-y divide-slate-100" aria-label="Members">
            {team.members.map((member) => (
              <MemberRow key={member.id} member={member} isYou={member.id === currentUserId} />
            ))}
          </ul>
        </Card>
        <Card>
          <CardHeader title="Pending invitations" description="Links expire 7 days after they are sent; inviting the same email again sends a new link." />
          {team.invitations.length === 0 ? (
            <CardContent>
              <p className="text-sm text-slate-600">No pending invitations.</p>
            </CardContent>
          ) : (
            <ul className="divide-y divide-slate-100" aria-label="Pending invitations">
              {team.invitations.map((invitation) => (
                <InvitationRow key={invitation.id} invitation={invitation} />
              ))}
            </ul>
          )}
        </Card>
        <Card>
          <CardHeader title="Roles" />
          <CardContent>
            <dl className="grid gap-2 text-sm">
              {USER_ROLES.map((role) => (
                <div key={role} className="grid gap-0.5 sm:grid-cols-[8rem_1fr]">
                  <dt className="font-medium text-slate-900">{ROLE_LABELS[role]}</dt>
                  <dd className="text-slate-700">{ROLE_HINTS[role]}</dd>
                </div>
              ))}
            </dl>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

function MemberRow({ member, isYou }: { member: Member; isYou: boolean }) {
  const confirmRemove = useLazyDialog();
  const label = member.name ?? member.email;
  // The select shows the choice at once; a refused change puts the stored role back.
  const [role, setRole] = useState<UserRole>(member.role);
  const [shownFor, setShownFor] = useState(member.role);
  if (shownFor !== member.role) {
    setShownFor(member.role);
    setRole(member.role);
  }
  const changeRole = useApiAction(setRoleOf, {
    onSuccess: (updated) => toast.success(`${label} is now ${ROLE_LABELS[updated.role].toLowerCase()}.`),
    onError: (error) => {
      setRole(member.role);
      toast.error(`The role was not changed: ${error.message}`);
    },
  });
  const remove = useApiAction(removeMember, {
    refresh: !isYou,
    onSuccess: () => {
      confirmRemove.setOpen(false);
      toast.success(`${label} was removed from the team.`);
      if (isYou) window.location.assign('/login');
    },
  });
  return (
    <li className="grid gap-3 px-4 py-3 sm:grid-cols-[1fr_12rem_auto] sm:items-center sm:px-6" data-testid="member-row" data-email={member.email}>
      <div className="min-w-0">
        <p className="truncate text-sm font-medium text-slate-900">
          {label} {isYou ? <Badge>you</Badge> : null}
        </p>
        <p className="truncate text-xs text-slate-600">
          {member.email} · joined <Time value={member.createdAt} withTime={false} />
        </p>
      </div>
      <div>
        <label className="sr-only" htmlFor={`role-${member.id}`}>
          Role of {label}
        </label>
        <select
          id={`role-${member.id}`}
          className={selectClass}
          value={role}
          disabled={changeRole.pending}
          onChange={(e) => {
            setRole(e.target.value as UserRole);
            void changeRole.run({ userId: member.id, role: e.target.value as UserRole });
          }}
        >
          {USER_ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </select>
      </div>
      <div className="sm:justify-self-end">
        <Button variant="outline" size="sm" className="text-red-700 hover:bg-red-50 hover:text-red-800" onClick={() => (remove.reset(), confirmRemove.show())}>
          <UserMinus aria-hidden /> Remove<span className="sr-only"> {label}</span>
        </Button>
      </div>
      {confirmRemove.mounted ? (
      <ConfirmActionDialog
        open={confirmRemove.open}
        onOpenChange={confirmRemove.setOpen}
        title={isYou ? 'Leave the team?' : `Remove ${label}?`}
        description={
          isYou
            ? 'You will be signed out at once and can no longer sign in to this organization.'
            : `${label} is signed out at once and can no longer sign in. What they did stays in the audit log.`
        }
        confirmLabel={isYou ? 'Leave' : 'Remove'}
        destructive
        pending={remove.pending}
        onConfirm={() => void remove.run({ userId: member.id })}
      >
        {remove.error ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {remove.error.message}
          </p>
        ) : null}
      </ConfirmActionDialog>
      ) : null}
    </li>
  );
}

function InvitationRow({ invitation }: { invitation: Invitation }) {
  const confirmRevoke = useLazyDialog();
  const revoke = useApiAction(revokeInvitation, {
    onSuccess: () => {
      confirmRevoke.setOpen(false);
      toast.success(`The invitation of ${invitation.email} was withdrawn.`);
    },
  });
  return (
    <li className="grid gap-2 px-4 py-3 sm:grid-cols-[1fr_auto] sm:items-center sm:px-6" data-testid="invitation-row" data-email={invitation.email}>
      <div className="min-w-0">
        <p className="truncate text-sm font-medium text-slate-900">
          {invitation.email} <Badge>{ROLE_LABELS[invitation.role]}</Badge> {invitation.expired ? <Badge tone="amber">Expired</Badge> : null}
        </p>
        <p className="text-xs text-slate-600">
          {invitation.expired ? 'Expired' : 'Expires'} <Time value={invitation.expiresAt} />
        </p>
      </div>
      <Button variant="outline" size="sm" onClick={() => (revoke.reset(), confirmRevoke.show())}>
        <Trash2 aria-hidden /> Revoke<span className="sr-only"> the invitation of {invitation.email}</span>
      </Button>
      {confirmRevoke.mounted ? (
      <ConfirmActionDialog
        open={confirmRevoke.open}
        onOpenChange={confirmRevoke.setOpen}
        title="Withdraw this invitation?"
        description={`The link sent to ${invitation.email} stops working.`}
        confirmLabel="Withdraw"
        destructive
        pending={revoke.pending}
        onConfirm={() => void revoke.run({ id: invitation.id })}
      >
        {revoke.error ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {revoke.error.message}
          </p>
        ) : null}
      </ConfirmActionDialog>
      ) : null}
    </li>
  );
}

/** "Invite a teammate": the dialog and its form load on the first press. */
function InviteButton() {
  const dialog = useLazyDialog();
  return (
    <>
      <Button
        aria-haspopup="dialog"
        onClick={dialog.show}
      >
        <MailPlus aria-hidden /> Invite a teammate
      </Button>
      {dialog.mounted ? <InviteMemberDialog open={dialog.open} onOpenChange={dialog.setOpen} /> : null}
    </>
  );
}
