import { Suspense } from 'react';
import { AnalyticsPage } from '@/components/dashboard/analytics/analytics-page';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Analytics · Interview screening' };

export default function Page() {
  return (
    <Suspense>
      <AnalyticsPage />
    </Suspense>
  );
}
