import { signOutEverywhereAction } from '@/app/login/actions';
import { PageHeader } from '@/components/dashboard/page-header';
import { BrandCard } from '@/components/dashboard/settings/brand-card';
import { OrganizationLanguageCard } from '@/components/dashboard/settings/organization-language-card';
import { SignOutEverywhere } from '@/components/dashboard/settings/sign-out-everywhere';
import { TimeZoneNote } from '@/components/dashboard/time';
import { Time } from '@/components/dashboard/time';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { getServerCaller } from '@/server/http/dashboard-session';
import { getEnv } from '@/server/env';
import { LANGUAGE_NAMES } from '@/server/i18n/languages';

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

/**
 * Settings → General: the account, the organization (its language, its brand), the time zones, the sessions. The other
 * sections are pages of their own (components/dashboard/settings/settings-nav.tsx).
 */
export default async function SettingsPage() {
  const caller = await getServerCaller();
  const me = await caller.dashboard.me();
  const isAdmin = me.role === 'admin';
  const [brand, language, defaults] = await Promise.all([
    isAdmin ? caller.settings.brand() : null,
    isAdmin ? caller.settings.organizationLanguage() : null,
    // Other roles read the language in force (the same the new-candidate form starts from); admins edit it below.
    isAdmin ? null : caller.candidates.defaults(),
  ]);
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title="Settings" description="Your account, your organization and how times are shown." />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
        <Card>
          <CardHeader title="Account" />
          <CardContent className="py-1">
            <dl className="divide-y divide-slate-100">
              <Row label="Name">{me.name ?? '—'}</Row>
              <Row label="Email">{me.email}</Row>
              <Row label="Organization">{me.orgName}</Row>
              {defaults ? (
                <Row label="Organization language">
                  <span data-testid="organization-language-read">{LANGUAGE_NAMES[defaults.locale]}</span>
                </Row>
              ) : null}
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
          <CardHeader title="Time zone" description="Everyone sees times in their own time zone." />
          <CardContent className="grid gap-2 text-sm text-slate-700">
            <p>
              <TimeZoneNote prefix="In the dashboard, times are shown in your browser's time zone:" />
            </p>
            <p>
              Emails to candidates and the candidate&apos;s page give times in your organization&apos;s time zone, and name it:{' '}
              <strong className="font-medium text-slate-900" data-testid="organization-time-zone">
                {getEnv().DISPLAY_TIME_ZONE}
              </strong>
              .
            </p>
          </CardContent>
        </Card>
        {language ? <OrganizationLanguageCard initial={language} /> : null}
        {brand ? <BrandCard initial={brand} /> : null}
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
