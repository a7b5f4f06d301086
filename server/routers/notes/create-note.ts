import { CreateNoteInputSchema, NoteSchema } from '@/server/services/notes/note-schemas';
import { createNote } from '@/server/services/notes/notes';
import { recruiterProcedure } from '@/server/trpc';

/** A note on an interview or a candidate, by the signed-in user; mentioned teammates are notified. */
export const createNoteProcedure = recruiterProcedure
  .input(CreateNoteInputSchema)
  .output(NoteSchema)
  .mutation(({ ctx, input }) => createNote(ctx.db, { orgId: ctx.orgId, userId: ctx.principal.userId, requestId: ctx.requestId, ...input }));
