'use client';

import { ArrowLeft, LoaderCircle, MailPlus, Trash2, UserMinus } from 'lucide-react';
import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toast';
import { ConfirmActionDialog } from '@/components/dashboard/confirm-action-dialog';
import { PageHeader } from '@/components/dashboard/page-header';
import { Time } from '@/components/dashboard/time';
import { contractError, fieldErrors } from '@/components/trpc/errors';
import { trpc, type RouterOutputs } from '@/components/trpc/react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTrigger } from '@/components/ui/dialog';
import { ErrorState } from '@/components/ui/error-state';
import { Field } from '@/components/ui/field';
import { Form } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { USER_ROLES, type UserRole } from '@/db/schema/users';

type Team = RouterOutputs['team']['list'];
type Member = Team['members'][number];
type Invitation = Team['invitations'][number];

const ROLE_LABELS: Record<UserRole, string> = { admin: 'Admin', recruiter: 'Recruiter', viewer: 'Viewer' };
const ROLE_HINTS: Record<UserRole, string> = {
  admin: 'Team, API keys, settings, erasure, and everything recruiters do',
  recruiter: 'Candidates, interviews, jobs, campaigns, decisions',
  viewer: 'Reads everything, changes nothing (a hiring manager)',
};

const selectClass =
  'h-9 w-full rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 shadow-sm focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-60';

/** Settings → Team: members and their roles, pending invitations, invite. Admins only (the page and the API). */
export function TeamPage({ currentUserId }: { currentUserId: string }) {
  const team = trpc.team.list.useQuery();
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
        actions={<InviteMemberDialog />}
      />
      {team.isError ? (
        <Card>
          <ErrorState message={contractError(team.error).message} requestId={contractError(team.error).requestId} onRetry={() => team.refetch()} />
        </Card>
      ) : team.isPending ? (
        <Card>
          <CardContent className="grid gap-2 py-4">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </CardContent>
        </Card>
      ) : (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
          <Card>
            <CardHeader title="Members" description={`${team.data.members.length} ${team.data.members.length === 1 ? 'person' : 'people'}`} />
            <ul className="divide-y divide-slate-100" aria-label="Members">
              {team.data.members.map((member) => (
                <MemberRow key={member.id} member={member} isYou={member.id === currentUserId} />
              ))}
            </ul>
          </Card>
          <Card>
            <CardHeader title="Pending invitations" description="Links expire 7 days after they are sent; inviting the same email again sends a new link." />
            {team.data.invitations.length === 0 ? (
              <CardContent>
                <p className="text-sm text-slate-600">No pending invitations.</p>
              </CardContent>
            ) : (
              <ul className="divide-y divide-slate-100" aria-label="Pending invitations">
                {team.data.invitations.map((invitation) => (
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
      )}
    </div>
  );
}

function MemberRow({ member, isYou }: { member: Member; isYou: boolean }) {
  const utils = trpc.useUtils();
  const [removing, setRemoving] = useState(false);
  const label = member.name ?? member.email;
  const setRole = trpc.team.setRole.useMutation({
    onSuccess: async (updated) => {
      toast.success(`${label} is now ${ROLE_LABELS[updated.role].toLowerCase()}.`);
      await utils.team.list.invalidate();
    },
    onError: (error) => toast.error(`The role was not changed: ${contractError(error).message}`),
  });
  const remove = trpc.team.remove.useMutation({
    onSuccess: async () => {
      setRemoving(false);
      toast.success(`${label} was removed from the team.`);
      if (isYou) window.location.assign('/login');
      else await utils.team.list.invalidate();
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
          value={member.role}
          disabled={setRole.isPending}
          onChange={(e) => setRole.mutate({ userId: member.id, role: e.target.value as UserRole })}
        >
          {USER_ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </select>
      </div>
      <div className="sm:justify-self-end">
        <Button variant="outline" size="sm" className="text-red-700 hover:bg-red-50 hover:text-red-800" onClick={() => (remove.reset(), setRemoving(true))}>
          <UserMinus aria-hidden /> Remove<span className="sr-only"> {label}</span>
        </Button>
      </div>
      <ConfirmActionDialog
        open={removing}
        onOpenChange={setRemoving}
        title={isYou ? 'Leave the team?' : `Remove ${label}?`}
        description={
          isYou
            ? 'You will be signed out at once and can no longer sign in to this organization.'
            : `${label} is signed out at once and can no longer sign in. What they did stays in the audit log.`
        }
        confirmLabel={isYou ? 'Leave' : 'Remove'}
        destructive
        pending={remove.isPending}
        onConfirm={() => remove.mutate({ userId: member.id })}
      >
        {remove.error ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {contractError(remove.error).message}
          </p>
        ) : null}
      </ConfirmActionDialog>
    </li>
  );
}

function InvitationRow({ invitation }: { invitation: Invitation }) {
  const utils = trpc.useUtils();
  const [revoking, setRevoking] = useState(false);
  const revoke = trpc.team.revokeInvitation.useMutation({
    onSuccess: async () => {
      setRevoking(false);
      toast.success(`The invitation of ${invitation.email} was withdrawn.`);
      await utils.team.list.invalidate();
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
      <Button variant="outline" size="sm" onClick={() => (revoke.reset(), setRevoking(true))}>
        <Trash2 aria-hidden /> Revoke<span className="sr-only"> the invitation of {invitation.email}</span>
      </Button>
      <ConfirmActionDialog
        open={revoking}
        onOpenChange={setRevoking}
        title="Withdraw this invitation?"
        description={`The link sent to ${invitation.email} stops working.`}
        confirmLabel="Withdraw"
        destructive
        pending={revoke.isPending}
        onConfirm={() => revoke.mutate({ id: invitation.id })}
      >
        {revoke.error ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {contractError(revoke.error).message}
          </p>
        ) : null}
      </ConfirmActionDialog>
    </li>
  );
}

function InviteMemberDialog() {
  const [open, setOpen] = useState(false);
  const [role, setRole] = useState<UserRole>('recruiter');
  const utils = trpc.useUtils();
  const invite = trpc.team.invite.useMutation({
    onSuccess: async (result) => {
      setOpen(false);
      toast.success(`Invitation sent to ${result.invitation.email}${result.replaced ? ' (the previous link no longer works)' : ''}.`);
      await utils.team.list.invalidate();
    },
  });
  const errors = invite.error ? fieldErrors(invite.error) : {};
  const failure = invite.error ? contractError(invite.error) : null;
  const formError = failure && failure.code !== 'VALIDATION_ERROR' ? failure.message : null;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    invite.mutate({ email, role });
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) invite.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <MailPlus aria-hidden /> Invite a teammate
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-lg">
        <DialogHeader title="Invite a teammate" description="They receive a link valid for 7 days, choose their name and password, and join with this role." />
        <Form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Invite a teammate">
          {formError ? (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
              {formError}
            </p>
          ) : null}
          <Field label="Email" error={errors.email}>
            <Input name="email" type="email" autoComplete="off" required maxLength={254} />
          </Field>
          <Field label="Role" hint={ROLE_HINTS[role]} error={errors.role}>
            <select name="role" className={selectClass} value={role} onChange={(e) => setRole(e.target.value as UserRole)}>
              {USER_ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </select>
          </Field>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)}>
              Back
            </Button>
            <Button type="submit" disabled={invite.isPending}>
              {invite.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : <MailPlus aria-hidden />}
              Send invitation
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
