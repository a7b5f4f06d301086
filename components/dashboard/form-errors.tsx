import { contractError } from '@/components/trpc/errors';

/**
 * VALIDATION_ERROR issues keyed by their full path (`criteria.2.weight`, `questions.0.text`), for forms with
 * nested rows; `fieldErrors` keys by the first segment only.
 */
export function issuesByPath(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!error) return out;
  for (const issue of contractError(error).issues ?? []) out[issue.path] ??= issue.message;
  return out;
}

/**
 * What a form says above its fields after a failed submit: the server's message for anything but a validation
 * error, or a pointer to the highlighted fields (announced to screen readers either way).
 */
export function FormAlert({ error, fieldCount, what }: { error: unknown; fieldCount: number; what: string }) {
  if (!error && fieldCount === 0) return null;
  const failure = error ? contractError(error) : null;
  const root = failure?.issues?.find((issue) => issue.path === '(root)')?.message;
  const message =
    failure && failure.code !== 'VALIDATION_ERROR'
      ? failure.message
      : root
        ? root
        : fieldCount > 0
        ? `${what}: check the highlighted fields.`
        : (failure?.message ?? `${what}.`);
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
      {failure?.requestId && failure.code !== 'VALIDATION_ERROR' ? <span className="mt-0.5 block font-mono text-xs text-red-700">Reference {failure.requestId}</span> : null}
    </p>
  );
}
