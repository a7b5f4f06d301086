import { router } from '@/server/trpc';
import { createNoteProcedure } from './create-note';
import { deleteNoteProcedure } from './delete-note';
import { listMentionableUsersProcedure } from './list-mentionable-users';
import { listNotesProcedure } from './list-notes';
import { updateNoteProcedure } from './update-note';

/** Dashboard only: teammates' notes on interviews and candidates, with @mentions. */
export const notesRouter = router({
  list: listNotesProcedure,
  create: createNoteProcedure,
  update: updateNoteProcedure,
  delete: deleteNoteProcedure,
  mentionable: listMentionableUsersProcedure,
});
