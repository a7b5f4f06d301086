import { Suspense } from 'react';
import { ConfigsPage } from '@/components/dashboard/campaigns/configs-page';
import { Providers } from '@/components/trpc/providers';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Interview configurations · Interview screening' };

export default function Page() {
  return (
    <Providers>
      <Suspense>
        <ConfigsPage />
      </Suspense>
    </Providers>
  );
}
