import Link from 'next/link';

export default function NotFound() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-3 bg-slate-50 px-4 text-center">
      <p className="text-sm font-semibold text-brand-700">404</p>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Page not found</h1>
      <p className="max-w-md text-sm text-slate-600">There is nothing at this address.</p>
      <Link href="/overview" className="mt-2 text-sm font-medium text-brand-700 hover:underline">
        Go to the dashboard
      </Link>
    </main>
  );
}
