import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { candidates, interviews, notes, notifications, users } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { AppError, invalidField, notFound } from '@/server/errors';
import { isIdOf, newId } from '@/server/ids';
import type { AuditContext } from '../audit/audit-actor';
import { recordAuditEvent } from '../audit/record-audit-event';
import { notifyUsers } from '../notifications/create-notifications';
import { watchByDefault } from '../notifications/watchers';
import type { CreateNoteInput, NoteDto, NoteSubjectInput, UpdateNoteInput } from './note-schemas';

/** The signed-in user who writes, and the request, for the audit log. */
export type NoteAuthor = { orgId: string; userId: string; requestId: string | null };

const auditOf = (author: NoteAuthor): AuditContext => ({ actor: { type: 'user', id: author.userId }, requestId: author.requestId });

/** The candidate a note on this subject is about (an interview's candidate), or 404 for anything outside the org. */
async function resolveSubject(db: DbExecutor, orgId: string, subject: NoteSubjectInput): Promise<{ candidateId: string; interviewId: string | null }> {
  if (subject.subjectType === 'interview') {
    const [row] = isIdOf('interview', subject.subjectId)
      ? await db
          .select({ candidateId: interviews.candidateId })
          .from(interviews)
          .where(and(eq(interviews.id, subject.subjectId), eq(interviews.orgId, orgId)))
      : [];
    if (!row) throw notFound('Interview');
    return { candidateId: row.candidateId, interviewId: subject.subjectId };
  }
  const [row] = isIdOf('candidate', subject.subjectId)
    ? await db
        .select({ id: candidates.id })
        .from(candidates)
        .where(and(eq(candidates.id, subject.subjectId), eq(candidates.orgId, orgId)))
    : [];
  if (!row) throw notFound('Candidate');
  return { candidateId: row.id, interviewId: null };
}

/** Every mentioned id must be a user of the organization: anyone else (or nobody) is a 400 naming the field. */
async function checkMentions(db: DbExecutor, orgId: string, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.orgId, orgId), inArray(users.id, unique)));
  const known = new Set(found.map((u) => u.id));
  const unknown = unique.filter((id) => !known.has(id));
  if (unknown.length > 0) throw invalidField('mentionedUserIds', `Not a member of this organization: ${unknown.join(', ')}`);
  return unique;
}

async function noteRows(db: DbExecutor, orgId: string, where: ReturnType<typeof and>): Promise<NoteDto[]> {
  const rows = await db
    .select({ note: notes, authorName: users.name, authorEmail: users.email })
    .from(notes)
    .leftJoin(users, eq(users.id, notes.authorId))
    .where(and(eq(notes.orgId, orgId), where))
    .orderBy(desc(notes.createdAt), desc(notes.id));
  const mentionedIds = [...new Set(rows.flatMap((r) => r.note.mentionedUserIds))];
  const people =
    mentionedIds.length > 0
      ? await db
          .select({ id: users.id, name: users.name, email: users.email })
          .from(users)
          .where(and(eq(users.orgId, orgId), inArray(users.id, mentionedIds)))
      : [];
  const byId = new Map(people.map((p) => [p.id, p]));
  return rows.map(({ note, authorName, authorEmail }) => ({
    id: note.id,
    candidateId: note.candidateId,
    interviewId: note.interviewId,
    body: note.body,
    author: note.authorId && authorEmail ? { id: note.authorId, name: authorName, email: authorEmail } : null,
    mentions: note.mentionedUserIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])),
    createdAt: note.createdAt.toISOString(),
    updatedAt: note.updatedAt.toISOString(),
  }));
}

async function getNote(db: DbExecutor, orgId: string, id: string): Promise<NoteDto> {
  const [note] = await noteRows(db, orgId, eq(notes.id, id));
  if (!note) throw notFound('Note');
  return note;
}

/** Notes on an interview, or on a candidate's profile (only those: an interview's notes stay on it), newest first. */
export async function listNotes(db: DbExecutor, input: { orgId: string } & NoteSubjectInput): Promise<NoteDto[]> {
  const subject = await resolveSubject(db, input.orgId, input);
  return noteRows(
    db,
    input.orgId,
    subject.interviewId ? eq(notes.interviewId, subject.interviewId) : and(eq(notes.candidateId, subject.candidateId), isNull(notes.interviewId)),
  );
}

/** Mentioned teammates who had not been notified of this note yet are notified (the author never is). */
async function notifyMentioned(tx: DbExecutor, author: NoteAuthor, note: { id: string; interviewId: string | null }, userIds: string[]) {
  await notifyUsers(tx, { orgId: author.orgId, userIds, kind: 'mention', noteId: note.id, interviewId: note.interviewId, actorId: author.userId, dedupeKey: `mention:${note.id}` });
}

export async function createNote(db: DbExecutor, input: NoteAuthor & CreateNoteInput): Promise<NoteDto> {
  const id = newId('note');
  await db.transaction(async (tx) => {
    const subject = await resolveSubject(tx, input.orgId, input);
    const mentioned = await checkMentions(tx, input.orgId, input.mentionedUserIds);
    await tx.insert(notes).values({ id, orgId: input.orgId, candidateId: subject.candidateId, interviewId: subject.interviewId, authorId: input.userId, body: input.body, mentionedUserIds: mentioned });
    await recordAuditEvent(tx, {
      orgId: input.orgId,
      audit: auditOf(input),
      action: 'note.created',
      targetType: 'note',
      targetId: id,
      details: { subjectType: input.subjectType, subjectId: input.subjectId, mentionedUserIds: mentioned },
    });
    if (subject.interviewId) await watchByDefault(tx, { orgId: input.orgId, userId: input.userId, targetType: 'interview', targetId: subject.interviewId });
    await notifyMentioned(tx, input, { id, interviewId: subject.interviewId }, mentioned);
  });
  return getNote(db, input.orgId, id);
}

/** The note, locked, if it is the caller's: another's note is 403, one outside the organization 404. */
async function lockOwnNote(tx: DbExecutor, author: NoteAuthor, id: string) {
  const [note] = isIdOf('note', id) ? await tx.select().from(notes).where(and(eq(notes.id, id), eq(notes.orgId, author.orgId))).for('update') : [];
  if (!note) throw notFound('Note');
  if (note.authorId !== author.userId) throw new AppError('FORBIDDEN', 'Only the author of a note may change or delete it');
  return note;
}

export async function updateNote(db: DbExecutor, input: NoteAuthor & UpdateNoteInput): Promise<NoteDto> {
  await db.transaction(async (tx) => {
    const note = await lockOwnNote(tx, input, input.id);
    const mentioned = await checkMentions(tx, input.orgId, input.mentionedUserIds);
    await tx
      .update(notes)
      .set({ body: input.body, mentionedUserIds: mentioned, updatedAt: new Date() })
      .where(and(eq(notes.id, note.id), eq(notes.orgId, input.orgId)));
    await recordAuditEvent(tx, { orgId: input.orgId, audit: auditOf(input), action: 'note.updated', targetType: 'note', targetId: note.id, details: { mentionedUserIds: mentioned } });
    await notifyMentioned(tx, input, note, mentioned);
  });
  return getNote(db, input.orgId, input.id);
}

/**
 * Deleting removes the note for good (it is personal data about a candidate) along with the mention
 * notifications that point to it; the audit log keeps that it existed, by id.
 */
export async function deleteNote(db: DbExecutor, input: NoteAuthor & { id: string }): Promise<{ id: string; deleted: true }> {
  await db.transaction(async (tx) => {
    const note = await lockOwnNote(tx, input, input.id);
    await deleteNotesByIds(tx, input.orgId, [note.id]);
    await recordAuditEvent(tx, { orgId: input.orgId, audit: auditOf(input), action: 'note.deleted', targetType: 'note', targetId: note.id, details: { candidateId: note.candidateId, interviewId: note.interviewId } });
  });
  return { id: input.id, deleted: true };
}

/** The notes and the notifications pointing to them (a mention's notification would otherwise outlive its note). */
export async function deleteNotesByIds(tx: DbExecutor, orgId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(notifications).where(and(eq(notifications.orgId, orgId), inArray(notifications.noteId, ids)));
  await tx.delete(notes).where(and(eq(notes.orgId, orgId), inArray(notes.id, ids)));
}

/** Teammates one can mention: the users of the organization. */
export async function listMentionableUsers(db: DbExecutor, input: { orgId: string }) {
  return db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.orgId, input.orgId)).orderBy(users.name, users.email);
}
