import type { Metadata } from 'next';
import { headers } from 'next/headers';
import Link from 'next/link';
import { cache } from 'react';
import { getDb } from '@/db/client';
import { BrandMark } from '@/components/dashboard/brand-mark';
import { JoinTeamForm } from '@/components/dashboard/team/join-team-form';
import { assertNotThrottled, clientAddress, countFailure } from '@/server/http/client-throttle';
import { getTeamInvitationByToken, type TeamInvitationView } from '@/server/services/team/get-team-invitation-by-token';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ token: string }> };
type Lookup = { view: TeamInvitationView | null; throttled: boolean };

/**
 * One lookup per request, shared by the metadata and the page. An unknown token counts as a failed credential
 * for the client's address, as on the candidate's links; past the limit the token is not looked up at all.
 */
const lookup = cache(async (token: string): Promise<Lookup> => {
  const address = clientAddress(await headers());
  try {
    assertNotThrottled('invitation', address);
    const view = await getTeamInvitationByToken(getDb(), { token });
    if (!view) await countFailure(getDb(), 'invitation', address);
    return { view, throttled: false };
  } catch {
    return { view: null, throttled: true };
  }
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { view } = await lookup((await params).token);
  return {
    title: view ? `Join ${view.organizationName} · Interview screening` : 'Invitation · Interview screening',
    // The URL carries the token: it must not leak to other sites or into search engines.
    referrer: 'no-referrer',
    robots: { index: false, follow: false },
  };
}

const ROLE_LABELS = { admin: 'Admin', recruiter: 'Recruiter', viewer: 'Viewer' } as const;
const ROLE_HINTS = {
  admin: 'You will manage the team, API keys and settings, and do everything recruiters do.',
  recruiter: 'You will work with candidates and interviews: invite, review, decide.',
  viewer: 'You will see every candidate, interview and report, and change nothing.',
} as const;

/** The public page a teammate's invitation link opens: who invites them, then name and password. */
export default async function JoinPage({ params }: Props) {
  const { token } = await params;
  const { view, throttled } = await lookup(token);
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-b from-brand-50 via-slate-50 to-slate-100 px-4 py-12">
      <div className="w-full max-w-md">
        <div className="mb-8 flex justify-center">
          <BrandMark className="text-lg" />
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-lg shadow-slate-200/60 sm:p-8" data-testid="join-page">
          {throttled ? (
            <Closed title="Too many attempts" body="Too many invitation links were tried from this address. Wait a minute and open your link again." />
          ) : !view ? (
            <Closed title="This invitation link is not valid" body="Check that you opened the whole link from the email, or ask an admin of your organization to invite you again." />
          ) : view.state !== 'pending' ? (
            <Closed
              title={view.state === 'expired' ? 'This invitation has expired' : view.state === 'revoked' ? 'This invitation was withdrawn' : 'This invitation was already used'}
              body={
                view.state === 'accepted'
                  ? `The account for ${view.email} exists: sign in with it.`
                  : `Ask ${whoToAsk(view)} for a new invitation to ${view.organizationName}.`
              }
              signIn={view.state === 'accepted'}
            />
          ) : (
            <>
              <p className="text-sm font-medium text-brand-700" data-testid="join-organization">
                {view.organizationName}
              </p>
              <h1 className="mt-1 text-xl font-semibold tracking-tight text-slate-900">Join {view.organizationName}</h1>
              <p className="mt-2 text-sm text-slate-600">
                {view.invitedBy ? `${view.invitedBy.name ?? view.invitedBy.email} invited` : 'You are invited as'} <strong>{view.email}</strong>
                {view.invitedBy ? ' as ' : ' '}
                <strong data-testid="join-role">{ROLE_LABELS[view.role].toLowerCase()}</strong>. {ROLE_HINTS[view.role]}
              </p>
              <div className="mt-6">
                <JoinTeamForm token={token} email={view.email} />
              </div>
            </>
          )}
        </div>
      </div>
    </main>
  );
}

function whoToAsk(view: TeamInvitationView): string {
  return view.invitedBy ? `${view.invitedBy.name ?? view.invitedBy.email} (${view.invitedBy.email}) or another admin` : `an admin of ${view.organizationName}`;
}

function Closed({ title, body, signIn = false }: { title: string; body: string; signIn?: boolean }) {
  return (
    <div data-testid="join-closed">
      <h1 className="text-xl font-semibold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-2 text-sm text-slate-600">{body}</p>
      {signIn ? (
        <p className="mt-6">
          <Link href="/login" className="font-medium text-brand-700 underline underline-offset-2">
            Go to sign in
          </Link>
        </p>
      ) : null}
    </div>
  );
}
