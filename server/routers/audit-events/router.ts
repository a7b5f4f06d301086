import { router } from '@/server/trpc';
import { listAuditEventsProcedure } from './list-audit-events';
import { listReadableAuditEventsProcedure } from './list-readable-audit-events';

export const auditEventsRouter = router({
  list: listAuditEventsProcedure,
  listReadable: listReadableAuditEventsProcedure,
});
