import { getSessionUser } from '@/server/services/auth/get-session-principal';
import { recruiterProcedure } from '@/server/trpc';

export const getMeProcedure = recruiterProcedure.query(({ ctx }) => getSessionUser(ctx.db, ctx.principal));
