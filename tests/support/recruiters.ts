import { users, type UserRole } from '@/db/schema';
import type { Database } from '@/db/client';
import { hashPassword } from '@/server/auth/password';
import { newId } from '@/server/ids';
import { SESSION_COOKIE_NAME } from '@/server/services/auth/session-token';
import { signIn } from '@/server/services/auth/sign-in';

export const RECRUITER_PASSWORD = 'correct horse battery staple';

/**
 * A dashboard user of `orgId`, inserted directly (the admin CLI's create-user is another surface). An admin unless
 * `role` says otherwise: tests written before roles signed in as someone who could do everything.
 */
export async function makeRecruiter(db: Database, orgId: string, fields: { email?: string; password?: string; name?: string; role?: UserRole } = {}) {
  const id = newId('user');
  const email = fields.email ?? `${id.toLowerCase()}@recruiter.example`;
  const password = fields.password ?? RECRUITER_PASSWORD;
  const [row] = await db
    .insert(users)
    .values({ id, orgId, email, name: fields.name ?? 'Rita Recruiter', role: fields.role ?? 'admin', passwordHash: await hashPassword(password) })
    .returning();
  return { ...row, password };
}

/** A signed-in session for `email`, as the Cookie header a browser would send. */
export async function sessionCookieFor(db: Database, email: string, password = RECRUITER_PASSWORD): Promise<string> {
  const { token } = await signIn(db, { email, password });
  return `${SESSION_COOKIE_NAME}=${token}`;
}

export type TrpcResponse = { status: number; body: any; headers: Headers };

/** A dashboard tRPC query over HTTP, as the browser's client sends it (non-batched). */
export async function trpcQuery(baseUrl: string, path: string, input: unknown, cookie?: string, headers: Record<string, string> = {}): Promise<TrpcResponse> {
  const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const res = await fetch(`${baseUrl}/api/trpc/${path}${query}`, { headers: { ...(cookie ? { cookie } : {}), ...headers } });
  return { status: res.status, body: await res.json(), headers: res.headers };
}

/** A dashboard tRPC mutation; the CSRF header is sent unless `headers` overrides it. */
export async function trpcMutation(baseUrl: string, path: string, input: unknown, cookie?: string, headers: Record<string, string> = { 'x-iss-csrf': '1' }): Promise<TrpcResponse> {
  const res = await fetch(`${baseUrl}/api/trpc/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...headers },
    body: JSON.stringify(input),
  });
  return { status: res.status, body: await res.json(), headers: res.headers };
}
