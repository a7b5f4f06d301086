import { Suspense } from 'react';
import { JobsPage } from '@/components/dashboard/campaigns/jobs-page';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Job postings · Interview screening' };

export default function Page() {
  return (
    <Suspense>
      <JobsPage />
    </Suspense>
  );
}
