'use client';

import { LoaderCircle, Send, UserPlus } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useRef, useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTrigger } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Form } from '@/components/ui/form';
import { Textarea } from '@/components/ui/input';
import { fieldErrors } from '@/components/trpc/errors';
import { trpc, type RouterOutputs } from '@/components/trpc/react';
import { FormAlert } from '../form-errors';

type Result = RouterOutputs['campaigns']['inviteByEmail'];

/**
 * "Invite candidates" on a campaign page: addresses pasted (one per line or comma-separated, `Name <address>`
 * accepted) and/or a candidate CSV file. Each is found or created and invited with the campaign's question set.
 * After sending, the lines that invited nobody stay in the box with their reasons, so nothing is lost.
 */
export function InviteCandidatesDialog({ campaignId, stages, questionSet, initialOpen = false }: { campaignId: string; stages: { id: string; name: string }[]; questionSet: string | null; initialOpen?: boolean }) {
  const [open, setOpen] = useState(initialOpen);
  const router = useRouter();
  const [emails, setEmails] = useState('');
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [stageId, setStageId] = useState('');
  const [result, setResult] = useState<Result | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const utils = trpc.useUtils();
  const invite = trpc.campaigns.inviteByEmail.useMutation({
    onSuccess: async (res) => {
      setResult(res);
      // Keep only the lines to fix; the CSV, once read, is done (its bad rows are listed below).
      const bad = new Set(res.errors.filter((e) => e.source === 'text').map((e) => e.line));
      setEmails(emails.split(/\r?\n/).filter((_, i) => bad.has(i + 1)).join('\n'));
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      const ok = res.operation?.ok ?? 0;
      if (ok > 0) toast.success(`${ok} invitation${ok === 1 ? '' : 's'} sent`);
      // The campaign page is rendered on the server: its counts and ranking are read again there.
      router.refresh();
      await Promise.all([utils.dashboard.campaign.invalidate({ id: campaignId }), utils.dashboard.campaignRanking.invalidate()]);
    },
  });
  const errors = invite.error ? fieldErrors(invite.error) : {};

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setResult(null);
    invite.mutate({ campaignId, emails, ...(file ? { csv: file.text } : {}), ...(stageId ? { stageId } : {}) });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          invite.reset();
          setResult(null);
        }
      }}
    >
      <DialogTrigger asChild>
        <Button data-testid="invite-candidates">
          <UserPlus aria-hidden /> Invite candidates
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-xl">
        <DialogHeader
          title="Invite candidates"
          description={`Each person gets an email with their own interview link${questionSet ? `, with the question set “${questionSet}”` : ''}. Someone already invited to this campaign is not invited twice.`}
        />
        <Form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Invite candidates">
          <FormAlert error={invite.error} fieldCount={Object.keys(errors).length} what="No invitation was sent" />
          <div className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-start">
            <Field label="Email addresses" error={errors.emails} hint="One per line or separated by commas. “Jane Doe <jane@example.com>” adds the name.">
              <Textarea name="emails" rows={6} value={emails} onChange={(e) => setEmails(e.target.value)} placeholder={'jane@example.com\nJohn Smith <john@example.com>'} />
            </Field>
            <Field label="Or a CSV file" error={errors.csv ?? errors.file} hint={file ? `${file.name} ready` : 'Columns: email, firstName, lastName…'}>
              <input
                ref={fileInput}
                type="file"
                accept=".csv,text/csv"
                className="max-w-56 text-sm file:mr-2 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-2 file:py-1 file:text-sm"
                onChange={async (e) => {
                  const chosen = e.target.files?.[0];
                  setFile(chosen ? { name: chosen.name, text: await chosen.text() } : null);
                }}
              />
            </Field>
          </div>
          {stages.length > 0 ? (
            <Field label="Stage" hint="A stage with its own question set uses it.">
              <select className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm" value={stageId} onChange={(e) => setStageId(e.target.value)}>
                <option value="">No stage</option>
                {stages.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
            </Field>
          ) : null}
          {result ? <InviteSummary result={result} /> : null}
          <DialogFooter className="mt-2">
            <Button variant="outline" onClick={() => setOpen(false)}>
              {result ? 'Close' : 'Cancel'}
            </Button>
            <Button type="submit" disabled={invite.isPending || (emails.trim() === '' && !file)}>
              {invite.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : <Send aria-hidden />}
              Send invitations
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

function InviteSummary({ result }: { result: Result }) {
  const op = result.operation;
  const skipped = op?.results.filter((r) => r.outcome === 'skipped') ?? [];
  const failed = op?.results.filter((r) => r.outcome === 'failed') ?? [];
  return (
    <div role="status" className="grid gap-2 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-800" data-testid="invite-summary">
      <p>
        <span className="font-medium">{op?.ok ?? 0} sent</span>
        {result.createdCandidates > 0 ? ` · ${result.createdCandidates} new candidate${result.createdCandidates === 1 ? '' : 's'}` : ''}
        {skipped.length > 0 ? ` · ${skipped.length} already invited` : ''}
        {op?.background ? ' · the rest are being sent in the background' : ''}
      </p>
      {skipped.length + failed.length > 0 ? (
        <ul className="list-disc pl-5 text-slate-700">
          {[...skipped, ...failed].map((r) => (
            <li key={r.position}>
              {r.label ?? r.targetId}: {r.reason}
            </li>
          ))}
        </ul>
      ) : null}
      {result.errors.length > 0 ? (
        <div>
          <p className="font-medium text-red-800">Not invited (still in the box to fix):</p>
          <ul className="list-disc pl-5 text-red-800" data-testid="invite-errors">
            {result.errors.map((e) => (
              <li key={`${e.source}-${e.line}-${e.entry}`}>
                {e.source === 'csv' ? `CSV ${e.entry.toLowerCase()}` : `Line ${e.line}${e.entry ? ` (${e.entry})` : ''}`}: {e.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
