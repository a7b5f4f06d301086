import { router } from '@/server/trpc';
import { listAuditEventsProcedure } from './list-audit-events';

export const auditEventsRouter = router({
  list: listAuditEventsProcedure,
});
