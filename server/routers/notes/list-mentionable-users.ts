import { z } from 'zod';
import { MentionableUserSchema } from '@/server/services/notes/note-schemas';
import { listMentionableUsers } from '@/server/services/notes/notes';
import { memberProcedure } from '@/server/trpc';

/** The teammates the mention picker offers: the users of the organization. */
export const listMentionableUsersProcedure = memberProcedure
  .output(z.array(MentionableUserSchema))
  .query(({ ctx }) => listMentionableUsers(ctx.db, { orgId: ctx.orgId }));
