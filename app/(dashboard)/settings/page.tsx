import { KeyRound, LogOut } from 'lucide-react';
import { signOutEverywhereAction } from '@/app/login/actions';
import { PageHeader } from '@/components/dashboard/page-header';
import { Time } from '@/components/dashboard/time';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { getServerCaller } from '@/server/http/dashboard-session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Settings · Interview screening' };

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[12rem_1fr]">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words text-sm text-slate-900">{children}</dd>
    </div>
  );
}

export default async function SettingsPage() {
  const me = await (await getServerCaller()).dashboard.me();
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Settings" description="Your account and your organization's access." />
      <div className="grid gap-6">
        <Card>
          <CardHeader title="Account" />
          <CardContent className="py-1">
            <dl className="divide-y divide-slate-100">
              <Row label="Name">{me.name ?? '—'}</Row>
              <Row label="Email">{me.email}</Row>
              <Row label="Organization">
                {me.orgName} <code className="ml-1 font-mono text-xs text-slate-600">{me.orgId}</code>
              </Row>
              <Row label="This session ends">
                <Time value={me.sessionExpiresAt} />
              </Row>
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader title="Sessions" description="Signed in on a computer you no longer use? End every session, this one included." />
          <CardContent>
            <form action={signOutEverywhereAction}>
              <Button type="submit" variant="outline">
                <LogOut aria-hidden /> Sign out everywhere
              </Button>
            </form>
          </CardContent>
        </Card>
        <Card>
          <CardHeader title="API keys" description="Keys give other systems access to the REST API (/api/v1), limited by their scopes." />
          <CardContent className="grid gap-3 text-sm text-slate-700">
            <p className="flex items-start gap-2">
              <KeyRound className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
              <span>
                Keys are created and revoked by an administrator with the admin CLI; the key is shown once.
              </span>
            </p>
            <pre tabIndex={0} aria-label="Admin CLI commands for API keys" className="overflow-x-auto rounded-md bg-slate-900 px-3 py-2 font-mono text-xs text-slate-100">
              {`npm run admin -- key:create --org ${me.orgId} --scopes interviews:read,candidates:write\nnpm run admin -- key:revoke --id key_…`}
            </pre>
            <p>
              The API reference is at{' '}
              <a href="/api/docs" className="font-medium text-brand-700 hover:underline">
                /api/docs
              </a>
              .
            </p>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
