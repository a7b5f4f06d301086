import { Suspense } from 'react';
import { CampaignsPage } from '@/components/dashboard/campaigns/campaigns-page';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Campaigns · Interview screening' };

export default function Page() {
  return (
    <Suspense>
      <CampaignsPage />
    </Suspense>
  );
}
