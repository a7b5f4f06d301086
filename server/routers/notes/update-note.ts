import { NoteSchema, UpdateNoteInputSchema } from '@/server/services/notes/note-schemas';
import { updateNote } from '@/server/services/notes/notes';
import { recruiterProcedure } from '@/server/trpc';

/** Only the author edits a note (403 for anyone else). */
export const updateNoteProcedure = recruiterProcedure
  .input(UpdateNoteInputSchema)
  .output(NoteSchema)
  .mutation(({ ctx, input }) => updateNote(ctx.db, { orgId: ctx.orgId, userId: ctx.principal.userId, requestId: ctx.requestId, ...input }));
