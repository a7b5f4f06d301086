import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { requireRecruiter } from '@/server/http/dashboard-session';
import { PageHeader } from './page-header';

/**
 * A page only some roles can use: other roles see why instead of a form whose every submit would be refused.
 * The procedures behind the page refuse them anyway; this is the explanation, not the guard.
 */
export async function RoleGate({ needs, title, children }: { needs: 'recruiter' | 'admin'; title: string; children: ReactNode }) {
  const { role } = await requireRecruiter();
  const allowed = needs === 'admin' ? role === 'admin' : role !== 'viewer';
  if (allowed) return children;
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={title} />
      <Card>
        <EmptyState
          icon={Lock}
          title={needs === 'admin' ? 'Only admins can use this page' : 'You have read-only access'}
          description={
            needs === 'admin'
              ? 'The team, API keys, settings, webhooks, the audit log and the mailbox are managed by admins. Ask an admin of your organization.'
              : 'Viewers see every candidate, interview and report but cannot change anything. Ask an admin for the recruiter role.'
          }
        />
      </Card>
    </div>
  );
}
