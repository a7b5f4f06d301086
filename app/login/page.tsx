import { redirect } from 'next/navigation';
import { BrandMark } from '@/components/dashboard/brand-mark';
import { LoginForm } from '@/components/dashboard/login-form';
import { SIGN_IN_HOME, signInTarget } from '@/server/auth/sign-in-target';
import { getEnv } from '@/server/env';
import { getCurrentRecruiter } from '@/server/http/dashboard-session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Sign in · Interview screening' };

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  // The form carries only a path of this site back to the action (which checks it again: a client posts anything).
  const target = signInTarget(params.next, getEnv().APP_URL);
  if (await getCurrentRecruiter()) redirect(target);
  const next = target === SIGN_IN_HOME ? undefined : target;
  const notice = params.signedOut === 'everywhere' ? 'You were signed out on every device.' : undefined;
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-b from-brand-50 via-slate-50 to-slate-100 px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-8 flex justify-center">
          <BrandMark className="text-lg" />
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-lg shadow-slate-200/60">
          <h1 className="text-xl font-semibold tracking-tight text-slate-900">Sign in</h1>
          <p className="mb-6 mt-1 text-sm text-slate-600">Review interviews, transcripts and scorecards.</p>
          <LoginForm next={next} notice={notice} />
        </div>
        <p className="mt-6 text-center text-xs text-slate-600">
          No account? Ask an admin of your organization to invite you (Settings → Team), or an operator to create one with{' '}
          <code className="rounded bg-slate-200/60 px-1 py-0.5 font-mono">npm run admin -- user:create</code>.
        </p>
      </div>
    </main>
  );
}
