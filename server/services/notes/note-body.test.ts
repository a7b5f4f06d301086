import { describe, expect, it } from 'vitest';
import { checkNoteBody, NOTE_MAX_LENGTH } from './note-body';
import { CreateNoteInputSchema } from './note-schemas';

const body = CreateNoteInputSchema.shape.body;

describe("a note's text: the dashboard's check and the API's schema", () => {
  it.each([
    ['empty', ''],
    ['blank', ' \n\t '],
    ['one character', 'a'],
    ['padded', '  Strong answer on the migration.  '],
    ['at the limit', 'x'.repeat(NOTE_MAX_LENGTH)],
    ['at the limit once trimmed', ` ${'x'.repeat(NOTE_MAX_LENGTH)} `],
    ['one over the limit', 'x'.repeat(NOTE_MAX_LENGTH + 1)],
  ])('agree on %s text: the same value or the same message', (_, text) => {
    const server = body.safeParse(text);
    const dashboard = checkNoteBody(text);
    expect(dashboard.success).toBe(server.success);
    if (server.success && dashboard.success) expect(dashboard.data).toBe(server.data);
    if (!server.success && !dashboard.success) expect(dashboard.message).toBe(server.error.issues[0]?.message);
  });
});
