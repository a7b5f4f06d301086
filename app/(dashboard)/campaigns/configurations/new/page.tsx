import { ConfigForm } from '@/components/dashboard/campaigns/config-form';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'New interview configuration · Interview screening' };

export default function Page() {
  return <ConfigForm />;
}
