import { AuditEventSchema, ListAuditEventsInputSchema } from '@/server/services/audit/audit-schemas';
import { listAuditEvents } from '@/server/services/audit/list-audit-events';
import { paginatedSchema } from '@/server/services/pagination';
import { scopedProcedure } from '@/server/trpc';

export const ListAuditEventsOutputSchema = paginatedSchema(AuditEventSchema);

/** REST v1 (scope audit:read) and the dashboard's Settings → Audit log (recruiters of the organization). */
export const listAuditEventsProcedure = scopedProcedure('audit:read')
  .meta({
    openapi: {
      method: 'GET',
      path: '/audit-events',
      tags: ['Audit log'],
      summary: "List the organization's audit log",
      description:
        'Scope audit:read. Who (user, api_key, agent, system) did what to which record, when, from which request. Newest first. Filters: action, targetId, since (inclusive), until (exclusive). Entries never contain personal data.',
    },
  })
  .input(ListAuditEventsInputSchema)
  .output(ListAuditEventsOutputSchema)
  .query(({ ctx, input }) => listAuditEvents(ctx.db, { orgId: ctx.orgId, ...input }));
