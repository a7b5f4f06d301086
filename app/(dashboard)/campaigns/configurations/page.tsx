import { Suspense } from 'react';
import { ConfigsPage } from '@/components/dashboard/campaigns/configs-page';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Interview configurations · Interview screening' };

export default function Page() {
  return (
    <Suspense>
      <ConfigsPage />
    </Suspense>
  );
}
