import { ArrowRight, ScrollText } from 'lucide-react';
import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import type { RouterOutputs } from '@/components/trpc/react';
import { Time } from '../time';
import { RetentionForm } from './retention-form';

type Retention = RouterOutputs['settings']['retention'];
type ErasureRequest = RouterOutputs['settings']['erasureRequests'][number];

const DAY_MS = 24 * 3600 * 1000;

/** Erasure requests still open, each with its 30-day clock (days left, or overdue), oldest first. */
function ErasureRequests({ requests, now }: { requests: ErasureRequest[]; now: number }) {
  const open = requests.filter((r) => r.completedAt === null);
  return (
    <div className="grid gap-1.5" data-testid="erasure-requests">
      <h3 className="text-sm font-medium text-slate-900">Erasure requests</h3>
      {open.length === 0 ? (
        <p className="text-sm text-slate-600">No open request. A request recorded through the API starts a 30-day clock; erasing the candidate completes it.</p>
      ) : (
        <ul className="grid gap-1 text-sm">
          {open.map((r) => {
            const daysLeft = Math.ceil((new Date(r.dueAt).getTime() - now) / DAY_MS);
            return (
              <li key={r.id} className={daysLeft < 0 ? 'text-red-800' : daysLeft <= 7 ? 'text-amber-800' : 'text-slate-800'}>
                <Link href={`/candidates/${r.candidateId}`} className="font-medium hover:underline">
                  {r.candidateId}
                </Link>{' '}
                · received <Time value={r.receivedAt} withTime={false} /> · {daysLeft < 0 ? `${-daysLeft} days overdue` : `${daysLeft} of 30 days left`}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/**
 * The organization's retention period (shortening it erases more at the next daily run), the open erasure requests
 * and the way to the audit log. Rendered on the server; only the period's form runs in the browser.
 */
export function DataRetentionCard({ retention, erasureRequests, now }: { retention: Retention; erasureRequests: ErasureRequest[]; now: number }) {
  return (
    <Card>
      <CardHeader
        title="Data retention"
        description={`Candidates are erased automatically ${retention.retentionDays} days after their last activity (profile change, interview, test), by a daily job, exactly as the Erase action does.`}
      />
      <CardContent className="grid gap-4">
        <RetentionForm retention={retention} />
        <ErasureRequests requests={erasureRequests} now={now} />
        <Button asChild variant="outline" className="justify-self-start">
          <Link href="/settings/audit">
            <ScrollText aria-hidden /> Audit log <ArrowRight aria-hidden />
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
