/**
 * Signing in over plain HTTP, as a browser does: the sign-in page's form read from its HTML (React writes the
 * action's reference into hidden `$ACTION_…` fields so that it works without JavaScript), then POSTed back as
 * multipart/form-data with the email, password and `next` filled in. Without JavaScript the answer to a signed-in
 * form is a 303 to the target; `postSignInAsFetch` sends what React's client sends instead (the Next-Action
 * header, the arguments as React encodes them).
 */

export type SignInForm = { fields: [string, string][]; actionId: string; next: string };

/** The sign-in page at `query` (`?next=…`, already encoded or not), and its form's hidden fields. */
export async function readSignInForm(baseUrl: string, query = ''): Promise<SignInForm & { status: number; html: string }> {
  const res = await fetch(`${baseUrl}/login${query}`, { redirect: 'manual' });
  const html = await res.text();
  const form = /<form[\s\S]*?<\/form>/.exec(html)?.[0] ?? '';
  const fields: [string, string][] = [];
  for (const [input] of form.matchAll(/<input\b[^>]*>/g)) {
    if (!/type="hidden"/.test(input)) continue;
    const name = /\bname="([^"]*)"/.exec(input)?.[1];
    if (name !== undefined) fields.push([unescapeHtml(name), unescapeHtml(/\bvalue="([^"]*)"/.exec(input)?.[1] ?? '')]);
  }
  const reference = fields.find(([name]) => /^\$ACTION_\d+:0$/.test(name))?.[1];
  const actionId = reference ? (JSON.parse(reference) as { id: string }).id : '';
  return { status: res.status, html, fields, actionId, next: fields.find(([name]) => name === 'next')?.[1] ?? '' };
}

function unescapeHtml(text: string): string {
  return text.replace(/&(quot|amp|lt|gt|#39|#x27);/g, (_, entity: string) => ({ quot: '"', amp: '&', lt: '<', gt: '>', '#39': "'", '#x27': "'" })[entity]!);
}

/** The form posted without JavaScript; `next` replaces the form's own when given. */
export async function postSignIn(baseUrl: string, form: SignInForm, credentials: { email: string; password: string; next?: string }): Promise<Response> {
  const body = new FormData();
  for (const [name, value] of form.fields) if (name !== 'next') body.append(name, value);
  body.append('next', credentials.next ?? form.next);
  body.append('email', credentials.email);
  body.append('password', credentials.password);
  return fetch(`${baseUrl}/login`, { method: 'POST', body, redirect: 'manual' });
}

/**
 * The form sent as React's client sends it (useActionState: the action is called with the previous state and the
 * form): a Next-Action header, and field `0` holding the arguments, `[{}, "$K1"]`, the form's fields prefixed `_1_`.
 */
export async function postSignInAsFetch(baseUrl: string, actionId: string, credentials: { email: string; password: string; next?: string }): Promise<Response> {
  const body = new FormData();
  body.append('_1_next', credentials.next ?? '');
  body.append('_1_email', credentials.email);
  body.append('_1_password', credentials.password);
  body.append('0', JSON.stringify([{}, '$K1']));
  return fetch(`${baseUrl}/login`, { method: 'POST', body, headers: { 'next-action': actionId, accept: 'text/x-component' }, redirect: 'manual' });
}
