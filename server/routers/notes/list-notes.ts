import { z } from 'zod';
import { NoteSchema, NoteSubjectInputSchema } from '@/server/services/notes/note-schemas';
import { listNotes } from '@/server/services/notes/notes';
import { memberProcedure } from '@/server/trpc';

export const listNotesProcedure = memberProcedure
  .input(NoteSubjectInputSchema)
  .output(z.array(NoteSchema))
  .query(({ ctx, input }) => listNotes(ctx.db, { orgId: ctx.orgId, ...input }));
