import { OverviewPage } from '@/components/dashboard/overview/overview-page';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Overview · Interview screening' };

export default function Page() {
  return <OverviewPage />;
}
