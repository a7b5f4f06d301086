import { BiasAuditPage } from '@/components/dashboard/fairness/bias-audit-page';
import { Providers } from '@/components/trpc/providers';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Bias audit · Interview screening' };

export default function Page() {
  return (
    <Providers>
      <BiasAuditPage />
    </Providers>
  );
}
