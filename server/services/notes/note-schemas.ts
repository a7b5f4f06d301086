import { z } from 'zod';
import { timestampOut } from '../fields';
import { NOTE_BODY_MESSAGES, NOTE_MAX_LENGTH } from './note-body';

export const NOTE_SUBJECT_TYPES = ['interview', 'candidate'] as const;
export type NoteSubjectType = (typeof NOTE_SUBJECT_TYPES)[number];

/** At most this many teammates in one note: a note is not a broadcast. */
export const MAX_MENTIONS = 20;

const body = z
  .string()
  .trim()
  .min(1, NOTE_BODY_MESSAGES.empty)
  .max(NOTE_MAX_LENGTH, NOTE_BODY_MESSAGES.tooLong)
  .describe('Plain text; shown as written, never as HTML.');
const mentionedUserIds = z
  .array(z.string().max(100))
  .max(MAX_MENTIONS, `At most ${MAX_MENTIONS} mentions`)
  .default([])
  .describe('Ids (usr_…) of the teammates mentioned; each must be a user of the organization.');

export const NoteSubjectInputSchema = z.strictObject({
  subjectType: z.enum(NOTE_SUBJECT_TYPES),
  subjectId: z.string().min(1).max(100),
});
export type NoteSubjectInput = z.infer<typeof NoteSubjectInputSchema>;

export const CreateNoteInputSchema = NoteSubjectInputSchema.extend({ body, mentionedUserIds });
export type CreateNoteInput = z.infer<typeof CreateNoteInputSchema>;

export const UpdateNoteInputSchema = z.strictObject({ id: z.string().min(1).max(100), body, mentionedUserIds });
export type UpdateNoteInput = z.infer<typeof UpdateNoteInputSchema>;

export const NoteIdInputSchema = z.strictObject({ id: z.string().min(1).max(100) });

const PersonSchema = z.object({ id: z.string(), name: z.string().nullable(), email: z.string() });

export const NoteSchema = z.object({
  id: z.string(),
  candidateId: z.string(),
  interviewId: z.string().nullable(),
  body: z.string(),
  /** Null once the author has been removed from the team. */
  author: PersonSchema.nullable(),
  /** The mentioned teammates as they are named today (a renamed user shows their new name). */
  mentions: z.array(PersonSchema),
  createdAt: timestampOut(),
  updatedAt: timestampOut(),
});
export type NoteDto = z.infer<typeof NoteSchema>;

/** What the access export holds of a note: the words and who wrote them, no other user's details. */
export const ExportedNoteSchema = z.object({
  id: z.string(),
  interviewId: z.string().nullable(),
  body: z.string(),
  authorId: z.string().nullable(),
  mentionedUserIds: z.array(z.string()),
  createdAt: timestampOut(),
  updatedAt: timestampOut(),
});
export type ExportedNote = z.infer<typeof ExportedNoteSchema>;

export const MentionableUserSchema = PersonSchema;
