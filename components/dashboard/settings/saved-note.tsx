/** What a settings form says once its save went through: a status line, so that a screen reader reads it out. */
export function SavedNote({ shown }: { shown: boolean }) {
  return shown ? (
    <p role="status" className="text-sm text-green-700">
      Saved.
    </p>
  ) : null;
}
