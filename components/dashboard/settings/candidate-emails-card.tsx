'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import type { Api } from '@/components/trpc/api-client';
import type { RouterOutputs } from '@/components/trpc/react';
import { useApiAction } from '@/components/trpc/use-api-action';
import { SavedNote } from './saved-note';

type CandidateEmails = RouterOutputs['settings']['candidateEmails'];
type Kind = 'advance' | 'reject';
type EmailsInput = Parameters<Api['settings']['updateCandidateEmails']['mutate']>[0];
const updateEmails = (api: Api, input: EmailsInput) => api.settings.updateCandidateEmails.mutate(input);

const inputClass = 'w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus-visible:outline-2 focus-visible:outline-brand-600';

/**
 * Settings → Candidate emails: the invitation reminder (on or off, how long before the link expires) and the
 * organization's own advance and reject emails (empty: the default, in the candidate's language).
 */
export function CandidateEmailsCard({ initial }: { initial: CandidateEmails }) {
  const [remindersEnabled, setRemindersEnabled] = useState(initial.remindersEnabled);
  const [hours, setHours] = useState(initial.reminderHoursBeforeExpiry === null ? '' : String(initial.reminderHoursBeforeExpiry));
  const [templates, setTemplates] = useState<Record<Kind, { subject: string; body: string }>>({
    advance: initial.decisionEmailTemplates.advance ?? { subject: '', body: '' },
    reject: initial.decisionEmailTemplates.reject ?? { subject: '', body: '' },
  });
  const [saved, setSaved] = useState(false);
  const update = useApiAction(updateEmails, { onSuccess: () => setSaved(true) });
  const own = (kind: Kind) => (templates[kind].subject.trim() && templates[kind].body.trim() ? templates[kind] : null);
  const save = () => {
    setSaved(false);
    void update.run({
      remindersEnabled,
      reminderHoursBeforeExpiry: hours.trim() === '' ? null : Number(hours),
      decisionEmailTemplates: { advance: own('advance'), reject: own('reject') },
    });
  };
  const edit = (kind: Kind, field: 'subject' | 'body', value: string) => setTemplates((t) => ({ ...t, [kind]: { ...t[kind], [field]: value } }));
  return (
    <Card>
      <CardHeader title="Candidate emails" description="The reminder before an invitation expires, and what candidates receive when you choose to tell them your decision." />
      <CardContent className="grid gap-4">
        <fieldset className="grid gap-2">
          <legend className="text-sm font-medium text-slate-900">Invitation reminder</legend>
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" className="size-4" checked={remindersEnabled} onChange={(e) => setRemindersEnabled(e.target.checked)} />
            Remind candidates who have not started before their link expires
          </label>
          <label className="grid gap-1 text-sm text-slate-800 sm:max-w-xs">
            Hours before the link expires
            <input
              type="number"
              min={1}
              className={inputClass}
              value={hours}
              disabled={!remindersEnabled}
              placeholder={`${initial.defaultReminderHoursBeforeExpiry} (default)`}
              onChange={(e) => setHours(e.target.value)}
            />
          </label>
        </fieldset>
        {(['advance', 'reject'] as const).map((kind) => (
          <fieldset key={kind} className="grid gap-2">
            <legend className="text-sm font-medium text-slate-900">{kind === 'advance' ? 'When you advance a candidate' : 'When you reject a candidate'}</legend>
            <p className="text-xs text-slate-600">Leave empty for the default email in the candidate&apos;s language. You may use {'{name}'}, {'{job}'} and {'{org}'}.</p>
            <label className="grid gap-1 text-sm text-slate-800">
              Subject
              <input className={inputClass} maxLength={200} value={templates[kind].subject} onChange={(e) => edit(kind, 'subject', e.target.value)} />
            </label>
            <label className="grid gap-1 text-sm text-slate-800">
              Message
              <textarea className={inputClass} rows={4} maxLength={5000} value={templates[kind].body} onChange={(e) => edit(kind, 'body', e.target.value)} />
            </label>
          </fieldset>
        ))}
        <div className="flex items-center gap-3">
          <Button onClick={save} disabled={update.pending}>
            Save candidate emails
          </Button>
          <SavedNote shown={saved} />
          {update.error ? (
            <p role="alert" className="text-sm text-red-700">
              Not saved: {update.error.message}
            </p>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
