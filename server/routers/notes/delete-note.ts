import { z } from 'zod';
import { NoteIdInputSchema } from '@/server/services/notes/note-schemas';
import { deleteNote } from '@/server/services/notes/notes';
import { recruiterProcedure } from '@/server/trpc';

/** Only the author deletes a note (403 for anyone else); deleting removes it for good. */
export const deleteNoteProcedure = recruiterProcedure
  .input(NoteIdInputSchema)
  .output(z.object({ id: z.string(), deleted: z.literal(true) }))
  .mutation(({ ctx, input }) => deleteNote(ctx.db, { orgId: ctx.orgId, userId: ctx.principal.userId, requestId: ctx.requestId, id: input.id }));
