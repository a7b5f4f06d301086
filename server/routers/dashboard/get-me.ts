import { getSessionUser } from '@/server/services/auth/get-session-principal';
import { memberProcedure } from '@/server/trpc';

export const getMeProcedure = memberProcedure.query(({ ctx }) => getSessionUser(ctx.db, ctx.principal));
