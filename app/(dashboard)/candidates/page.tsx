import { Suspense } from 'react';
import { CandidatesPage } from '@/components/dashboard/candidates/candidates-page';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Candidates · Interview screening' };

export default function Page() {
  return (
    <Suspense>
      <CandidatesPage />
    </Suspense>
  );
}
