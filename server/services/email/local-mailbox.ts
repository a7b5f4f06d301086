import { getEnv } from '@/server/env';
import { AppError } from '@/server/errors';

/** True when email goes to the local mailbox rather than to Resend (no RESEND_API_KEY: development, demos). */
export function isLocalMailboxEnabled(): boolean {
  return !getEnv().RESEND_API_KEY;
}

/**
 * The mailbox holds emails as sent, invitation links included: once real delivery is configured it is closed, so
 * a production dashboard never shows candidates' links (older messages from before the switch included).
 */
export function assertLocalMailboxEnabled(): void {
  if (!isLocalMailboxEnabled()) {
    throw new AppError('FORBIDDEN', 'The local mailbox is off: email is delivered by Resend (RESEND_API_KEY is set)');
  }
}
