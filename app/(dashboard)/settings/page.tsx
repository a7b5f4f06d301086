import { ArrowRight, Bell, Mail, Plug, UsersRound, Webhook } from 'lucide-react';
import Link from 'next/link';
import { signOutEverywhereAction } from '@/app/login/actions';
import { PageHeader } from '@/components/dashboard/page-header';
import { AgentIntegrationCard } from '@/components/dashboard/settings/agent-integration-card';
import { AiProvidersCard } from '@/components/dashboard/settings/ai-providers-card';
import { ApiKeysCard } from '@/components/dashboard/settings/api-keys-card';
import { BrandCard } from '@/components/dashboard/settings/brand-card';
import { CandidateContactCard } from '@/components/dashboard/settings/candidate-contact-card';
import { CandidateEmailsCard } from '@/components/dashboard/settings/candidate-emails-card';
import { DataRetentionCard } from '@/components/dashboard/settings/data-retention-card';
import { ReviewBeforeAiCard } from '@/components/dashboard/settings/review-before-ai-card';
import { SelfIdentificationCard } from '@/components/dashboard/fairness/self-identification-card';
import { SignOutEverywhere } from '@/components/dashboard/settings/sign-out-everywhere';
import { Time } from '@/components/dashboard/time';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { getServerCaller } from '@/server/http/dashboard-session';

export const dynamic = 'force-dynamic';

const ROLE_LABELS = { admin: 'Admin', recruiter: 'Recruiter', viewer: 'Viewer' } as const;
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
  const caller = await getServerCaller();
  const me = await caller.dashboard.me();
  // Everything but the account and its sessions is the admins' (team, API keys, settings): others see only theirs.
  const admin =
    me.role === 'admin'
      ? await Promise.all([
          caller.settings.integration(),
          caller.settings.retention(),
          caller.settings.candidateContact(),
          caller.settings.providers(),
          caller.settings.reviewBeforeAi(),
          caller.settings.selfIdentification(),
          caller.settings.brand(),
          caller.settings.candidateEmails(),
        ]).then(([integration, retention, contact, providers, reviewBeforeAi, selfIdentification, brand, candidateEmails]) => ({
          integration,
          retention,
          contact,
          providers,
          reviewBeforeAi,
          selfIdentification,
          brand,
          candidateEmails,
        }))
      : null;
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title="Settings" description="Your account, your organization's API access and how this service is wired." />
      {/* minmax(0, 1fr): a wide table scrolls inside its card instead of widening the page on a phone. */}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
        <Card>
          <CardHeader title="Account" />
          <CardContent className="py-1">
            <dl className="divide-y divide-slate-100">
              <Row label="Name">{me.name ?? '—'}</Row>
              <Row label="Email">{me.email}</Row>
              <Row label="Organization">
                {me.orgName} <code className="ml-1 font-mono text-xs text-slate-600">{me.orgId}</code>
              </Row>
              <Row label="Role">
                <span data-testid="account-role">{ROLE_LABELS[me.role]}</span>
                {me.role !== 'admin' ? <span className="ml-2 text-slate-600">Team, API keys and settings are managed by admins.</span> : null}
              </Row>
              <Row label="This session ends">
                <Time value={me.sessionExpiresAt} />
              </Row>
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader title="Notifications" description="What reaches you by email: at once, in a daily digest, or not at all." />
          <CardContent>
            <Button asChild variant="outline">
              <Link href="/settings/notifications">
                <Bell aria-hidden /> Notification preferences <ArrowRight aria-hidden />
              </Link>
            </Button>
          </CardContent>
        </Card>
        {admin ? (
          <>
        <Card>
          <CardHeader title="Team" description="Who can sign in to this organization, with which role; invitations of new teammates." />
          <CardContent>
            <Button asChild variant="outline">
              <Link href="/settings/team">
                <UsersRound aria-hidden /> Manage the team <ArrowRight aria-hidden />
              </Link>
            </Button>
          </CardContent>
        </Card>
        <ApiKeysCard />
        <DataRetentionCard initial={admin.retention} />
        <CandidateContactCard initial={admin.contact} />
        <BrandCard initial={admin.brand} />
        <CandidateEmailsCard initial={admin.candidateEmails} />
        <ReviewBeforeAiCard initial={admin.reviewBeforeAi} />
        <SelfIdentificationCard initial={admin.selfIdentification} />
        <Card>
          <CardHeader title="Webhooks" description="Signed events pushed to your systems when interviews, candidates, reports and tests change." />
          <CardContent>
            <Button asChild variant="outline">
              <Link href="/settings/webhooks">
                <Webhook aria-hidden /> Manage webhook endpoints <ArrowRight aria-hidden />
              </Link>
            </Button>
          </CardContent>
        </Card>
        <Card>
          <CardHeader title="Integrations" description="Applicant tracking systems (Greenhouse) that order interviews here and receive the results." />
          <CardContent>
            <Button asChild variant="outline">
              <Link href="/settings/integrations">
                <Plug aria-hidden /> Manage integrations <ArrowRight aria-hidden />
              </Link>
            </Button>
          </CardContent>
        </Card>
        <Card>
          <CardHeader title="Email" description="How invitations and reminders reach candidates." />
          <CardContent className="grid gap-3 text-sm text-slate-700">
            {admin.integration.email.transport === 'resend' ? (
              <p className="flex flex-wrap items-center gap-2">
                <Badge tone="green">Resend</Badge> Sent through Resend (<code className="font-mono text-xs">RESEND_API_KEY</code>) from{' '}
                <code className="font-mono text-xs">{admin.integration.email.from}</code>.
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
        <AiProvidersCard initial={admin.providers} />
        <AgentIntegrationCard settings={admin.integration} />
          </>
        ) : null}
        <Card>
          <CardHeader title="Sessions" description="Signed in on a computer you no longer use? End every session, this one included." />
          <CardContent>
            <SignOutEverywhere action={signOutEverywhereAction} />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
