import { Suspense } from 'react';
import { InterviewsPage } from '@/components/dashboard/interviews/interviews-page';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Interviews · Interview screening' };

export default function Page() {
  return (
    <Suspense>
      <InterviewsPage />
    </Suspense>
  );
}
