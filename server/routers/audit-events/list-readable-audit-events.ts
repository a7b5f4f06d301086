import { ListAuditEventsInputSchema } from '@/server/services/audit/audit-schemas';
import { listReadableAuditEvents, ReadableAuditEventSchema } from '@/server/services/audit/readable-audit-events';
import { paginatedSchema } from '@/server/services/pagination';
import { adminProcedure } from '@/server/trpc';

/** Dashboard only, admins: Settings → Audit log, each entry with the names of who and what (v1 keeps ids). */
export const listReadableAuditEventsProcedure = adminProcedure
  .input(ListAuditEventsInputSchema)
  .output(paginatedSchema(ReadableAuditEventSchema))
  .query(({ ctx, input }) => listReadableAuditEvents(ctx.db, { orgId: ctx.orgId, ...input }));
