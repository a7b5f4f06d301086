import { eq } from 'drizzle-orm';
import { Resend } from 'resend';
import { mailboxMessages, sentEmails, type EmailKind } from '@/db/schema';
import type { DbExecutor } from '@/db/client';
import { getEnv } from '@/server/env';
import { newId } from '@/server/ids';

export type OutgoingEmail = {
  orgId: string;
  interviewId: string | null;
  kind: EmailKind;
  locale: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Where the recipient's reply goes (the organization's candidate contact); the local mailbox does not keep it. */
  replyTo?: string | null;
  /**
   * Names this one email: the ledger's key, and the Idempotency-Key Resend dedupes on for 24 hours, so a job that
   * crashed after Resend accepted the email and before the ledger write sends nothing the second time.
   */
  idempotencyKey: string;
};

export type EmailOutcome = { outcome: 'sent' | 'already-sent'; transport: 'resend' | 'mailbox'; providerMessageId: string };

/** The provider refused or could not be reached; the job fails and pg-boss retries it with backoff. */
export class EmailDeliveryError extends Error {
  constructor(
    message: string,
    readonly statusCode: number | null,
  ) {
    super(message);
    this.name = 'EmailDeliveryError';
  }
}

/**
 * Sends one email at most once. The sent_emails ledger answers "was it sent?" first; otherwise the email goes to
 * Resend (RESEND_API_KEY set) or to the local mailbox, and the ledger records it. Safe to run any number of times.
 */
export async function sendEmail(db: DbExecutor, email: OutgoingEmail): Promise<EmailOutcome> {
  const [already] = await db.select().from(sentEmails).where(eq(sentEmails.idempotencyKey, email.idempotencyKey));
  if (already) return { outcome: 'already-sent', transport: already.transport, providerMessageId: already.providerMessageId };

  const env = getEnv();
  const from = env.EMAIL_FROM;
  const delivery = env.RESEND_API_KEY
    ? { transport: 'resend' as const, providerMessageId: await sendWithResend(env.RESEND_API_KEY, env.RESEND_BASE_URL, from, email) }
    : { transport: 'mailbox' as const, providerMessageId: await depositInMailbox(db, from, email) };

  await db
    .insert(sentEmails)
    .values({
      id: newId('sentEmail'),
      orgId: email.orgId,
      interviewId: email.interviewId,
      kind: email.kind,
      idempotencyKey: email.idempotencyKey,
      transport: delivery.transport,
      providerMessageId: delivery.providerMessageId,
      toAddress: email.to,
      subject: email.subject,
      locale: email.locale,
    })
    .onConflictDoNothing({ target: sentEmails.idempotencyKey });
  return { outcome: 'sent', ...delivery };
}

const clients = new Map<string, Resend>();

function resendClient(apiKey: string, baseUrl: string | undefined): Resend {
  const cacheKey = `${baseUrl ?? ''}\n${apiKey}`;
  let client = clients.get(cacheKey);
  if (!client) {
    // RESEND_BASE_URL points the real SDK at another server (a test double, a regional endpoint).
    client = new Resend(apiKey, baseUrl ? { baseUrl: baseUrl.replace(/\/$/, '') } : undefined);
    clients.set(cacheKey, client);
  }
  return client;
}

async function sendWithResend(apiKey: string, baseUrl: string | undefined, from: string, email: OutgoingEmail): Promise<string> {
  const { data, error } = await resendClient(apiKey, baseUrl).emails.send(
    {
      from,
      to: [email.to],
      subject: email.subject,
      html: email.html,
      text: email.text,
      ...(email.replyTo ? { replyTo: email.replyTo } : {}),
      tags: [{ name: 'kind', value: email.kind }],
    },
    { idempotencyKey: email.idempotencyKey },
  );
  if (error || !data?.id) {
    const statusCode = (error as { statusCode?: number | null } | null)?.statusCode ?? null;
    throw new EmailDeliveryError(`Resend did not accept the email: ${error?.name ?? 'no id'} (${statusCode ?? 'no response'}): ${error?.message ?? ''}`, statusCode);
  }
  return data.id;
}

async function depositInMailbox(db: DbExecutor, from: string, email: OutgoingEmail): Promise<string> {
  const [inserted] = await db
    .insert(mailboxMessages)
    .values({
      id: newId('mailboxMessage'),
      orgId: email.orgId,
      idempotencyKey: email.idempotencyKey,
      fromAddress: from,
      toAddress: email.to,
      subject: email.subject,
      html: email.html,
      text: email.text,
    })
    .onConflictDoNothing({ target: mailboxMessages.idempotencyKey })
    .returning({ id: mailboxMessages.id });
  if (inserted) return inserted.id;
  const [existing] = await db.select({ id: mailboxMessages.id }).from(mailboxMessages).where(eq(mailboxMessages.idempotencyKey, email.idempotencyKey));
  return existing.id;
}
