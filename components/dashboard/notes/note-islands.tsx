'use client';

import { Pencil, Trash2 } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useState, type ReactNode } from 'react';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Form } from '@/components/ui/form';
import type { Api } from '@/components/trpc/api-client';
import { useApiAction } from '@/components/trpc/use-api-action';
import { checkNoteBody, NOTE_MAX_LENGTH } from '@/server/services/notes/note-body';
import { MentionTextarea, mentionedIds, mentionLabel, type PickedMention, type Teammate } from './mention-textarea';

// Radix Dialog is loaded when a deletion is first asked for, not with the page.
const ConfirmActionDialog = dynamic(() => import('../confirm-action-dialog').then((m) => m.ConfirmActionDialog), { ssr: false });

export type NoteSubject = { subjectType: 'interview' | 'candidate'; subjectId: string };
/** What editing a note needs of it (the rest of the note is rendered on the server, notes-card.tsx). */
export type EditableNoteData = { id: string; body: string; createdAt: string | Date; mentions: Teammate[] };

const createNote = (api: Api, input: NoteSubject & { body: string; mentionedUserIds: string[] }) => api.notes.create.mutate(input);
const updateNote = (api: Api, input: { id: string; body: string; mentionedUserIds: string[] }) => api.notes.update.mutate(input);
const deleteNote = (api: Api, id: string) => api.notes.delete.mutate({ id });

/** Writes a new note or edits one: the text, and the teammates picked with `@`. A failed save keeps the text. */
function NoteComposer({ initial, submitLabel, pending, teammates, onSubmit, onCancel }: {
  initial?: EditableNoteData;
  submitLabel: string;
  pending: boolean;
  teammates: Teammate[];
  onSubmit: (body: string, mentionedUserIds: string[]) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const [body, setBody] = useState(initial?.body ?? '');
  const [picked, setPicked] = useState<PickedMention[]>(() => (initial?.mentions ?? []).map((m) => ({ id: m.id, label: mentionLabel(m) })));
  const [error, setError] = useState<string | undefined>();

  const submit = async () => {
    const parsed = checkNoteBody(body);
    if (!parsed.success) {
      setError(parsed.message);
      return;
    }
    setError(undefined);
    if (await onSubmit(parsed.data, mentionedIds(parsed.data, picked))) {
      setBody('');
      setPicked([]);
    }
  };

  return (
    <Form
      className="grid gap-2"
      aria-label={initial ? 'Edit the note' : 'New note'}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Field label={initial ? 'Note' : 'Add a note'} error={error} hint="Plain text. Type @ to mention a teammate; they are notified.">
        {(control) => (
          <MentionTextarea
            {...control}
            value={body}
            onChange={setBody}
            onPick={(m) => setPicked((current) => [...current.filter((p) => p.id !== m.id), m])}
            teammates={teammates}
            maxLength={NOTE_MAX_LENGTH}
          />
        )}
      </Field>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" size="sm" disabled={pending}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button type="button" size="sm" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <span className="ml-auto text-xs text-slate-600">
          {body.length} / {NOTE_MAX_LENGTH}
        </span>
      </div>
    </Form>
  );
}

/** The form adding a note; the page (list, watch state) is rendered again on the server once it is added. */
export function NewNoteForm({ subjectType, subjectId, teammates }: NoteSubject & { teammates: Teammate[] }) {
  const create = useApiAction(createNote, { onError: (error) => toast.error(`The note was not added: ${error.message}`) });
  return (
    <NoteComposer
      submitLabel="Add note"
      pending={create.pending}
      teammates={teammates}
      onSubmit={async (body, mentionedUserIds) => {
        const added = await create.run({ subjectType, subjectId, body, mentionedUserIds });
        if (!added) return false;
        toast.success(mentionedUserIds.length > 0 ? `Note added; ${mentionedUserIds.length === 1 ? 'your teammate was' : 'your teammates were'} notified` : 'Note added');
        return true;
      }}
    />
  );
}

/**
 * The author's own note: its text (rendered on the server, `children`) with Edit and Delete, or the edit form in
 * its place. Saved or deleted, the page is rendered again on the server.
 */
export function EditableNote({ note, teammates, children }: { note: EditableNoteData; teammates: Teammate[]; children: ReactNode }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const update = useApiAction(updateNote, {
    onSuccess: () => {
      toast.success('Note saved');
      setEditing(false);
    },
    onError: (error) => toast.error(`The note was not saved: ${error.message}`),
  });
  const remove = useApiAction(deleteNote, {
    onSuccess: () => {
      toast.success('Note deleted');
      setConfirming(false);
    },
    onError: (error) => toast.error(`The note was not deleted: ${error.message}`),
  });
  if (editing) {
    return (
      <NoteComposer
        initial={note}
        submitLabel="Save"
        pending={update.pending}
        teammates={teammates}
        onCancel={() => setEditing(false)}
        onSubmit={async (body, mentionedUserIds) => Boolean(await update.run({ id: note.id, body, mentionedUserIds }))}
      />
    );
  }
  return (
    <>
      {children}
      <div className="flex gap-1">
        <Button size="sm" variant="ghost" onClick={() => setEditing(true)} aria-label={`Edit your note from ${new Date(note.createdAt).toISOString().slice(0, 16).replace('T', ' ')}`}>
          <Pencil aria-hidden /> Edit
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden /> Delete
        </Button>
        {confirming ? (
          <ConfirmActionDialog
            open
            onOpenChange={setConfirming}
            title="Delete this note?"
            description="The note is removed for good; the audit log keeps only that it existed."
            confirmLabel="Delete the note"
            destructive
            pending={remove.pending}
            onConfirm={() => void remove.run(note.id)}
          />
        ) : null}
      </div>
    </>
  );
}
