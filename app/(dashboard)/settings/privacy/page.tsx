import { ArrowRight, ScrollText } from 'lucide-react';
import Link from 'next/link';
import { PageHeader } from '@/components/dashboard/page-header';
import { RoleGate } from '@/components/dashboard/role-gate';
import { DataRetentionCard } from '@/components/dashboard/settings/data-retention-card';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { getServerCaller, requireRecruiter } from '@/server/http/dashboard-session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Data & privacy · Interview screening' };

/** Settings → Data & privacy: how long candidates' data is kept, the open erasure requests, the audit log. */
export default async function Page() {
  if ((await requireRecruiter()).role !== 'admin') return <RoleGate needs="admin" title="Data & privacy">{null}</RoleGate>;
  const retention = await (await getServerCaller()).settings.retention();
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title="Data & privacy" description="How long candidates' data is kept, their requests to be erased, and the record of who did what." />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
        <DataRetentionCard initial={retention} />
        <Card>
          <CardHeader title="Audit log" description="Every sign-in, change, export and erasure in your organization, with who did it and when." />
          <CardContent>
            <Button asChild variant="outline">
              <Link href="/settings/audit">
                <ScrollText aria-hidden /> Open the audit log <ArrowRight aria-hidden />
              </Link>
            </Button>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
