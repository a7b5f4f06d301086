'use client';

import { FlaskConical, LoaderCircle, Plus, Trash2 } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTrigger } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { trpc } from '@/components/trpc/react';
import { FormAlert, issuesByPath } from '../form-errors';
import { CandidatePicker } from '../interviews/candidate-picker';
import { Form } from '@/components/ui/form';

type TaskDraft = { uid: number; task: string; score: string; maxScore: string; passed: boolean };
let nextUid = 1;

/** A `datetime-local` value (the browser's local time, minute precision). */
function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A number typed with a comma or a point; NaN for anything else, which the form reports itself. */
const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.replace(',', '.')));

/** Records the result of a technical test a candidate finished, for this campaign (its report is ready at once). */
export function RecordTestDialog({ campaignId, initialOpen = false }: { campaignId: string; initialOpen?: boolean }) {
  const [open, setOpen] = useState(initialOpen);
  const router = useRouter();
  const [candidateId, setCandidateId] = useState('');
  const [testName, setTestName] = useState('');
  const [score, setScore] = useState('');
  const [maxScore, setMaxScore] = useState('100');
  const [startedAt, setStartedAt] = useState('');
  // Opened by its trigger, the dialog sets "now" in onOpenChange; opened at once (initialOpen), here.
  const [completedAt, setCompletedAt] = useState(() => (initialOpen ? toLocalInput(new Date()) : ''));
  const [tasks, setTasks] = useState<TaskDraft[]>([]);
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const utils = trpc.useUtils();
  const record = trpc.testSessions.record.useMutation({
    onSuccess: async () => {
      // The campaign page is rendered on the server: its tests, counts and ranking are read again there.
      router.refresh();
      await Promise.all([utils.dashboard.testResults.invalidate(), utils.dashboard.campaign.invalidate({ id: campaignId }), utils.dashboard.campaignRanking.invalidate()]);
      setOpen(false);
      toast.success('Test result recorded');
    },
  });
  const errors = { ...issuesByPath(record.error), ...localErrors };

  const reset = () => {
    record.reset();
    setLocalErrors({});
    setCandidateId('');
    setTestName('');
    setScore('');
    setMaxScore('100');
    setStartedAt('');
    setTasks([]);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (!candidateId) local.candidateId = 'Choose the candidate who took the test.';
    const numbers = { score: toNumber(score), maxScore: toNumber(maxScore) };
    if (Number.isNaN(numbers.score)) local.score = 'Enter the points scored.';
    if (Number.isNaN(numbers.maxScore)) local.maxScore = 'Enter the points available.';
    const completed = new Date(completedAt);
    if (!completedAt || Number.isNaN(completed.getTime())) local.completedAt = 'Enter when the candidate finished.';
    const started = startedAt ? new Date(startedAt) : null;
    const results = tasks.map((t, i) => {
      const values = { score: toNumber(t.score), maxScore: toNumber(t.maxScore) };
      if (Number.isNaN(values.score)) local[`results.${i}.score`] = 'Enter a number.';
      if (Number.isNaN(values.maxScore)) local[`results.${i}.maxScore`] = 'Enter a number.';
      return { task: t.task, ...values, passed: t.passed };
    });
    setLocalErrors(local);
    if (Object.keys(local).length > 0) return;
    record.mutate({
      candidateId,
      campaignId,
      testName,
      ...numbers,
      startedAt: started ? started.toISOString() : null,
      completedAt: completed.toISOString(),
      results,
    });
  };

  const setTask = (i: number, patch: Partial<TaskDraft>) => setTasks((all) => all.map((t, j) => (j === i ? { ...t, ...patch } : t)));

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setCompletedAt(toLocalInput(new Date()));
        else reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <FlaskConical aria-hidden /> Record a test result
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader title="Record a test result" description="A technical test a candidate finished for this campaign. Times are in your time zone." />
        <Form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Record a test result">
          <FormAlert error={record.error} fieldCount={Object.keys(errors).length} what="The test result was not recorded" />
          <Field label="Candidate" error={errors.candidateId}>
            {(control) => <CandidatePicker value={candidateId} onChange={setCandidateId} campaignId={campaignId} {...control} />}
          </Field>
          <div className="grid gap-4 sm:grid-cols-[2fr_1fr_1fr]">
            <Field label="Test name" error={errors.testName}>
              <Input value={testName} onChange={(e) => setTestName(e.target.value)} autoComplete="off" placeholder="Backend kata" maxLength={200} />
            </Field>
            <Field label="Score" error={errors.score}>
              <Input value={score} onChange={(e) => setScore(e.target.value)} inputMode="decimal" autoComplete="off" />
            </Field>
            <Field label="Out of" error={errors.maxScore}>
              <Input value={maxScore} onChange={(e) => setMaxScore(e.target.value)} inputMode="decimal" autoComplete="off" />
            </Field>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Started (optional)" error={errors.startedAt}>
              <Input type="datetime-local" value={startedAt} onChange={(e) => setStartedAt(e.target.value)} />
            </Field>
            <Field label="Completed" error={errors.completedAt}>
              <Input type="datetime-local" value={completedAt} onChange={(e) => setCompletedAt(e.target.value)} />
            </Field>
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium text-slate-800">Tasks (optional)</legend>
            {errors.results ? <p className="text-xs font-medium text-red-700">{errors.results}</p> : null}
            <ol className="grid gap-2" aria-label="Tasks">
              {tasks.map((t, i) => (
                <li key={t.uid} className="grid gap-2 rounded-lg border border-slate-200 p-2 sm:grid-cols-[2fr_1fr_1fr_auto_auto] sm:items-start">
                  <Field label={<>Task<span className="sr-only"> {i + 1}</span></>} error={errors[`results.${i}.task`]}>
                    <Input value={t.task} onChange={(e) => setTask(i, { task: e.target.value })} autoComplete="off" />
                  </Field>
                  <Field label={<>Score<span className="sr-only"> of task {i + 1}</span></>} error={errors[`results.${i}.score`]}>
                    <Input value={t.score} onChange={(e) => setTask(i, { score: e.target.value })} inputMode="decimal" autoComplete="off" />
                  </Field>
                  <Field label={<>Out of<span className="sr-only"> for task {i + 1}</span></>} error={errors[`results.${i}.maxScore`]}>
                    <Input value={t.maxScore} onChange={(e) => setTask(i, { maxScore: e.target.value })} inputMode="decimal" autoComplete="off" />
                  </Field>
                  <label className="flex items-center gap-1.5 text-sm text-slate-700 sm:mt-7">
                    <input type="checkbox" checked={t.passed} onChange={(e) => setTask(i, { passed: e.target.checked })} className="size-4 accent-brand-600" />
                    Passed<span className="sr-only"> task {i + 1}</span>
                  </label>
                  <Button variant="ghost" size="icon" className="sm:mt-6" onClick={() => setTasks((all) => all.filter((_, j) => j !== i))}>
                    <Trash2 aria-hidden />
                    <span className="sr-only">Remove task {i + 1}</span>
                  </Button>
                </li>
              ))}
            </ol>
            <div>
              <Button variant="outline" size="sm" onClick={() => setTasks((all) => [...all, { uid: nextUid++, task: '', score: '', maxScore: '10', passed: true }])}>
                <Plus aria-hidden /> Add a task
              </Button>
            </div>
          </fieldset>
          <DialogFooter className="mt-2">
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={record.isPending}>
              {record.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
              Record the result
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
