'use client';

import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Form } from '@/components/ui/form';
import { RecruiterOnly, useRole } from '@/components/dashboard/role-context';
import { contractError } from '@/components/trpc/errors';
import { trpc, type RouterOutputs } from '@/components/trpc/react';
import { checkNoteBody, NOTE_MAX_LENGTH } from '@/server/services/notes/note-body';
import { ConfirmActionDialog } from '../confirm-action-dialog';
import { Time } from '../time';
import { MentionTextarea, mentionedIds, mentionLabel, type PickedMention } from './mention-textarea';

type Note = RouterOutputs['notes']['list'][number];
type Subject = { subjectType: 'interview' | 'candidate'; subjectId: string };

/** Writes a new note or edits one: the text, and the teammates picked with `@`. */
function NoteComposer({ initial, submitLabel, pending, onSubmit, onCancel }: {
  initial?: Note;
  submitLabel: string;
  pending: boolean;
  onSubmit: (body: string, mentionedUserIds: string[]) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const teammates = trpc.notes.mentionable.useQuery(undefined, { staleTime: 60_000 });
  const me = trpc.dashboard.me.useQuery(undefined, { staleTime: 60_000 });
  const [body, setBody] = useState(initial?.body ?? '');
  const [picked, setPicked] = useState<PickedMention[]>(() => (initial?.mentions ?? []).map((m) => ({ id: m.id, label: mentionLabel(m) })));
  const [error, setError] = useState<string | undefined>();
  const others = (teammates.data ?? []).filter((t) => t.id !== me.data?.id);

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
            teammates={others}
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

function NoteItem({ note, mine, subject }: { note: Note; mine: boolean; subject: Subject }) {
  const utils = trpc.useUtils();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const refresh = () => utils.notes.list.invalidate(subject);
  const update = trpc.notes.update.useMutation();
  const remove = trpc.notes.delete.useMutation({
    onSuccess: async () => {
      toast.success('Note deleted');
      setConfirming(false);
      await refresh();
    },
    onError: (error) => toast.error(`The note was not deleted: ${contractError(error).message}`),
  });
  const author = note.author ? (note.author.name ?? note.author.email) : 'A former member';
  return (
    <li className="grid gap-1 border-b border-slate-100 pb-3 last:border-0 last:pb-0" data-testid="note">
      <p className="flex flex-wrap items-center gap-x-2 text-xs text-slate-600">
        <span className="font-medium text-slate-800">{author}</span>
        <Time value={note.createdAt} />
        {note.updatedAt !== note.createdAt ? <span>(edited)</span> : null}
      </p>
      {editing ? (
        <NoteComposer
          initial={note}
          submitLabel="Save"
          pending={update.isPending}
          onCancel={() => setEditing(false)}
          onSubmit={async (body, mentionedUserIds) => {
            try {
              await update.mutateAsync({ id: note.id, body, mentionedUserIds });
              toast.success('Note saved');
              setEditing(false);
              await refresh();
              return true;
            } catch (error) {
              toast.error(`The note was not saved: ${contractError(error).message}`);
              return false;
            }
          }}
        />
      ) : (
        // Text only: React escapes it, so a note never becomes HTML.
        <p className="whitespace-pre-wrap break-words text-sm text-slate-900">{note.body}</p>
      )}
      {note.mentions.length > 0 && !editing ? (
        <p className="text-xs text-slate-600">
          Mentioned: {note.mentions.map((m) => <span key={m.id} className="mr-1 rounded bg-brand-50 px-1 text-brand-800">@{m.name ?? m.email}</span>)}
        </p>
      ) : null}
      {mine && !editing ? (
        <div className="flex gap-1">
          <Button size="sm" variant="ghost" onClick={() => setEditing(true)} aria-label={`Edit your note from ${new Date(note.createdAt).toISOString().slice(0, 16).replace('T', ' ')}`}>
            <Pencil aria-hidden /> Edit
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden /> Delete
          </Button>
          <ConfirmActionDialog
            open={confirming}
            onOpenChange={setConfirming}
            title="Delete this note?"
            description="The note is removed for good; the audit log keeps only that it existed."
            confirmLabel="Delete the note"
            destructive
            pending={remove.isPending}
            onConfirm={() => remove.mutate({ id: note.id })}
          />
        </div>
      ) : null}
    </li>
  );
}

/** Teammates' notes on an interview or a candidate, newest first, and a form to add one. */
export function NotesCard({ subjectType, subjectId, className }: Subject & { className?: string }) {
  const subject = { subjectType, subjectId };
  const utils = trpc.useUtils();
  const list = trpc.notes.list.useQuery(subject);
  const me = trpc.dashboard.me.useQuery(undefined, { staleTime: 60_000 });
  const create = trpc.notes.create.useMutation();
  const { canEdit } = useRole();
  return (
    <Card aria-labelledby={`notes-title-${subjectId}`} className={className}>
      <CardHeader title={<span id={`notes-title-${subjectId}`}>Notes</span>} description="Visible to your teammates. Notes about a candidate are erased with them." />
      <CardContent className="grid gap-4">
        <RecruiterOnly>
        <NoteComposer
          submitLabel="Add note"
          pending={create.isPending}
          onSubmit={async (body, mentionedUserIds) => {
            try {
              await create.mutateAsync({ ...subject, body, mentionedUserIds });
              toast.success(mentionedUserIds.length > 0 ? `Note added; ${mentionedUserIds.length === 1 ? 'your teammate was' : 'your teammates were'} notified` : 'Note added');
              await Promise.all([utils.notes.list.invalidate(subject), utils.notifications.watching.invalidate()]);
              return true;
            } catch (error) {
              toast.error(`The note was not added: ${contractError(error).message}`);
              return false;
            }
          }}
        />
        </RecruiterOnly>
        {list.data && list.data.length > 0 ? (
          <ol className="grid gap-3" aria-label="Notes">
            {list.data.map((note) => (
              <NoteItem key={note.id} note={note} mine={canEdit && note.author?.id === me.data?.id} subject={subject} />
            ))}
          </ol>
        ) : list.data ? (
          <p className="text-sm text-slate-600">No notes yet.</p>
        ) : null}
      </CardContent>
    </Card>
  );
}
