'use client';

import { LoaderCircle, MailPlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toast';
import type { Api } from '@/components/trpc/api-client';
import { useApiAction } from '@/components/trpc/use-api-action';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Form } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import type { UserRole } from '@/db/schema/users';
import { ROLE_HINTS, ROLE_LABELS, selectClass, USER_ROLES } from './team-labels';

const inviteMember = (api: Api, input: { email: string; role: UserRole }) => api.team.invite.mutate(input);

/** The invitation form, loaded on the first press of "Invite a teammate" (team-page.tsx), which holds `open`. */
export function InviteMemberDialog({ open, onOpenChange: setOpen }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [role, setRole] = useState<UserRole>('recruiter');
  const invite = useApiAction(inviteMember, {
    onSuccess: (result) => {
      setOpen(false);
      toast.success(`Invitation sent to ${result.invitation.email}${result.replaced ? ' (the previous link no longer works)' : ''}.`);
    },
  });
  const failure = invite.error;
  const errors: Record<string, string> = {};
  for (const issue of failure?.issues ?? []) errors[issue.path.split('.')[0]] ??= issue.message;
  const formError = failure && failure.code !== 'VALIDATION_ERROR' ? failure.message : null;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    void invite.run({ email, role });
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) invite.reset();
      }}
    >
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
            <Button type="submit" disabled={invite.pending}>
              {invite.pending ? <LoaderCircle className="animate-spin" aria-hidden /> : <MailPlus aria-hidden />}
              Send invitation
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
