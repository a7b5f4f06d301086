import { expect } from 'vitest';
import type { ApiResponse } from './factories';

/**
 * What every v1 response must satisfy, whatever its status: an X-Request-Id, and nothing internal in the body
 * (no stack frames, source paths, SQL or tRPC procedure paths).
 */
export function expectCleanResponse(res: ApiResponse): void {
  expect(res.headers.get('x-request-id'), 'X-Request-Id header').toMatch(/^req_[0-9A-Za-z]+$/);
  // Ids (`req_…`, `cnd_…`, keys) are random base62: one in about 50,000 spells "tRpC" somewhere. Not what is looked for.
  const text = res.text.replace(/\b[a-z]{3}_[0-9A-Za-z]{8,64}\b/g, 'id');
  expect(text).not.toMatch(/\n\s+at\s/);
  expect(text).not.toMatch(/\.(ts|tsx|js|mjs|cjs):\d+/);
  expect(text).not.toMatch(/node_modules|\/work\/|webpack|turbopack/i);
  expect(text).not.toMatch(/\b(select|insert into|update|delete from)\b[^"]*\b(from|values|set|where)\b/i);
  expect(text).not.toMatch(/\b(interviews|candidates|reports)\.(list|get|create)\b/);
  expect(text).not.toMatch(/TRPC|ZodError|postgres|pglite|drizzle/i);
  if (res.status >= 400) {
    expect(res.body?.error?.requestId, 'error envelope carries the request id').toBe(res.headers.get('x-request-id'));
  }
}

/** An error response: the contract's envelope with the expected status and code, and nothing internal. */
export function expectError(res: ApiResponse, status: number, code: string): void {
  expect(res.status, res.text).toBe(status);
  expect(res.body, res.text).toMatchObject({ error: { code, message: expect.any(String), requestId: expect.stringMatching(/^req_/) } });
  expectCleanResponse(res);
}

/** A 400 VALIDATION_ERROR whose issues name `path` (exactly, or as the first segment of a nested path). */
export function expectValidationIssue(res: ApiResponse, path: string): void {
  expectError(res, 400, 'VALIDATION_ERROR');
  const paths: string[] = (res.body.error.issues ?? []).map((i: { path: string }) => i.path);
  expect(paths, res.text).toSatisfy((ps: string[]) => ps.some((p) => p === path || p.startsWith(`${path}.`)));
  for (const issue of res.body.error.issues) expect(issue.message, res.text).toEqual(expect.any(String));
}

/** The error body without its per-request id, to compare two responses that must be indistinguishable. */
export function withoutRequestId(body: any): unknown {
  const { requestId: _ignored, ...rest } = body?.error ?? {};
  return { ...body, error: rest };
}
