import { Suspense } from 'react';
import { JobsPage } from '@/components/dashboard/campaigns/jobs-page';
import { Providers } from '@/components/trpc/providers';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Job postings · Interview screening' };

export default function Page() {
  return (
    <Providers>
      <Suspense>
        <JobsPage />
      </Suspense>
    </Providers>
  );
}
