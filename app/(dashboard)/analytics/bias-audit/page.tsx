import { BiasAuditPage } from '@/components/dashboard/fairness/bias-audit-page';
import { BIAS_AUDIT_CATEGORY_LABELS } from '@/components/dashboard/fairness/bias-audit-category-labels';
import { loadCatalogOptions } from '@/components/dashboard/catalog/list-catalog';
import { getServerCaller } from '@/server/http/dashboard-session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Bias audit · Interview screening' };

/** The scopes to choose from (campaigns, jobs, configurations) are read on the server; the audit itself once one is chosen. */
export default async function Page() {
  const caller = await getServerCaller();
  const [campaigns, jobs, configs] = await Promise.all(
    (['campaigns', 'jobs', 'interviewConfigs'] as const).map(async (kind) => {
      const catalog = await loadCatalogOptions(caller, kind);
      return catalog.status === 'ready' ? catalog.options.map(({ id, label }) => ({ id, label })) : [];
    }),
  );
  return <BiasAuditPage scopes={{ campaignId: campaigns, jobId: jobs, configId: configs }} labels={BIAS_AUDIT_CATEGORY_LABELS} />;
}
