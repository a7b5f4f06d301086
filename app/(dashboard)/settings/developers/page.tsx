import { ArrowRight, Mail, Plug, Webhook } from 'lucide-react';
import Link from 'next/link';
import { PageHeader } from '@/components/dashboard/page-header';
import { RoleGate } from '@/components/dashboard/role-gate';
import { AgentIntegrationCard } from '@/components/dashboard/settings/agent-integration-card';
import { AiProvidersCard } from '@/components/dashboard/settings/ai-providers-card';
import { ApiKeysCard } from '@/components/dashboard/settings/api-keys-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { intParam, searchParamGetter } from '@/components/dashboard/list-inputs';
import { getServerCaller, requireRecruiter } from '@/server/http/dashboard-session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Developers · Interview screening' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * Settings → Developers: API keys, email delivery, AI providers, the voice agent, and links to webhooks and ATS
 * integrations. Everything is read on the server (the keys' page from the URL: `keysPage`, `keysPageSize`).
 */
export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  const { role } = await requireRecruiter();
  if (role !== 'admin') return <RoleGate needs="admin" title="Developers">{null}</RoleGate>;
  const [caller, params] = await Promise.all([getServerCaller(), searchParams]);
  const get = searchParamGetter(params);
  const keysPage = intParam(get('keysPage'), 1);
  const keysPageSize = intParam(get('keysPageSize'), 10, 100);
  const [integration, providers, me, keys] = await Promise.all([
    caller.settings.integration(),
    caller.settings.providers(),
    caller.dashboard.me(),
    caller.apiKeys.list({ page: keysPage, pageSize: keysPageSize }),
  ]);
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title="Developers"
        description={
          <>
            API access, email delivery, AI providers and the voice agent: for whoever connects this service to your systems. Organization id{' '}
            <code className="font-mono text-xs text-slate-700">{me.orgId}</code>.
          </>
        }
      />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
        <ApiKeysCard list={keys} page={keysPage} pageSize={keysPageSize} />
        <Card>
          <CardHeader title="Webhooks and ATS integrations" description="Signed events pushed to your systems; applicant tracking systems (Greenhouse, Ashby) that order interviews here and receive the results." />
          <CardContent className="flex flex-wrap gap-2">
            <Button asChild variant="outline">
              <Link href="/settings/webhooks">
                <Webhook aria-hidden /> Manage webhook endpoints <ArrowRight aria-hidden />
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link href="/settings/integrations">
                <Plug aria-hidden /> Manage integrations <ArrowRight aria-hidden />
              </Link>
            </Button>
          </CardContent>
        </Card>
        <Card>
          <CardHeader title="Email delivery" description="How invitations and reminders reach candidates." />
          <CardContent className="grid gap-3 text-sm text-slate-700">
            {integration.email.transport === 'resend' ? (
              <p className="flex flex-wrap items-center gap-2">
                <Badge tone="green">Resend</Badge> Sent through Resend (<code className="font-mono text-xs">RESEND_API_KEY</code>) from{' '}
                <code className="font-mono text-xs">{integration.email.from}</code>.
              </p>
            ) : (
              <>
                <p className="flex flex-wrap items-center gap-2">
                  <Badge tone="amber">Local mailbox</Badge>
                  <span>
                    <code className="font-mono text-xs">RESEND_API_KEY</code> is not set: emails are not sent, they are kept in the local mailbox of this
                    organization, links included. For development and demos only.
                  </span>
                </p>
                <Button asChild variant="outline" className="justify-self-start">
                  <Link href="/settings/mailbox">
                    <Mail aria-hidden /> Open the local mailbox <ArrowRight aria-hidden />
                  </Link>
                </Button>
              </>
            )}
          </CardContent>
        </Card>
        <AiProvidersCard initial={providers} />
        <AgentIntegrationCard settings={integration} />
      </div>
    </div>
  );
}
