import { cn } from '@/components/ui/cn';
import { Time } from '../time';
import type { InterviewView } from './use-live-transcript';

type Step = { label: string; at: string | null; state: 'done' | 'current' | 'upcoming' | 'stopped' };

function steps(view: InterviewView): Step[] {
  const s: Step[] = [{ label: view.invitedAt ? 'Created' : 'Created as draft', at: view.createdAt, state: 'done' }];
  if (view.invitedAt) s.push({ label: 'Invitation sent', at: view.invitedAt, state: 'done' });
  if (view.startedAt) s.push({ label: 'Started', at: view.startedAt, state: view.status === 'IN_PROGRESS' ? 'current' : 'done' });
  if (view.status === 'COMPLETED') s.push({ label: 'Completed', at: view.completedAt ?? view.endedAt, state: 'done' });
  if (view.status === 'CANCELLED') s.push({ label: 'Cancelled', at: view.cancelledAt, state: 'stopped' });
  if (view.status === 'EXPIRED') s.push({ label: 'Invitation expired', at: view.expiresAt, state: 'stopped' });
  if (view.status === 'DRAFT' || view.status === 'INVITED') s.push({ label: 'Link expires', at: view.expiresAt, state: 'upcoming' });
  if (view.evaluation) {
    const label = view.evaluation.status === 'READY' ? 'Report ready' : view.evaluation.status === 'FAILED' ? 'Report failed' : 'Report being generated';
    s.push({ label, at: view.report?.completedAt ?? null, state: view.evaluation.status === 'PENDING' ? 'current' : view.evaluation.status === 'FAILED' ? 'stopped' : 'done' });
  }
  return s;
}

const DOT = {
  done: 'bg-emerald-500 ring-emerald-100',
  current: 'bg-amber-500 ring-amber-100 animate-live',
  upcoming: 'bg-white ring-slate-200 border border-slate-300',
  stopped: 'bg-red-500 ring-red-100',
} as const;

export function StatusTimeline({ view }: { view: InterviewView }) {
  return (
    <ol className="relative grid gap-4 px-5 py-4" aria-label="Status history">
      {steps(view).map((step, i, all) => (
        <li key={step.label} className="relative flex gap-3">
          {i < all.length - 1 ? <span className="absolute left-[5px] top-4 h-[calc(100%+0.25rem)] w-px bg-slate-200" aria-hidden /> : null}
          <span className={cn('relative mt-1 size-[11px] shrink-0 rounded-full ring-4', DOT[step.state])} aria-hidden />
          <div className="min-w-0">
            <p className={cn('text-sm font-medium', step.state === 'upcoming' ? 'text-slate-600' : 'text-slate-900')}>{step.label}</p>
            <p className="text-xs text-slate-600">{step.at ? <Time value={step.at} /> : step.state === 'current' ? 'In progress' : ''}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
