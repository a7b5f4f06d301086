import type { ContractError } from '@/components/trpc/errors';

/**
 * The server's refusal of a form, as useApiAction gives it (a ContractError, already read from the tRPC error):
 * components/dashboard/form-errors.tsx reads raw tRPC errors, these read the ContractError.
 */

/** VALIDATION_ERROR issues keyed by the first segment of their path (`jobId`, `questions`). */
export function fieldIssues(failure: ContractError | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of failure?.issues ?? []) out[issue.path.split('.')[0]] ??= issue.message;
  return out;
}

/** VALIDATION_ERROR issues keyed by their full path (`criteria.2.weight`). */
export function pathIssues(failure: ContractError | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of failure?.issues ?? []) out[issue.path] ??= issue.message;
  return out;
}

/** Above a form's fields after a failed submit: the server's message, or a pointer to the highlighted fields. */
export function FailureAlert({ failure, fieldCount, what }: { failure: ContractError | null | undefined; fieldCount: number; what: string }) {
  if (!failure && fieldCount === 0) return null;
  const root = failure?.issues?.find((issue) => issue.path === '(root)')?.message;
  const message =
    failure && failure.code !== 'VALIDATION_ERROR' ? failure.message : root ? root : fieldCount > 0 ? `${what}: check the highlighted fields.` : (failure?.message ?? `${what}.`);
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
      {failure?.requestId && failure.code !== 'VALIDATION_ERROR' ? <span className="mt-0.5 block font-mono text-xs text-red-700">Reference {failure.requestId}</span> : null}
    </p>
  );
}
