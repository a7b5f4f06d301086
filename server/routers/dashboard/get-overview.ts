import { getOverview } from '@/server/services/dashboard/get-overview';
import { OverviewSchema } from '@/server/services/dashboard/dashboard-schemas';
import { memberProcedure } from '@/server/trpc';

export const getOverviewProcedure = memberProcedure.output(OverviewSchema).query(({ ctx }) => getOverview(ctx.db, { orgId: ctx.orgId, viewerUserId: ctx.principal.userId }));
