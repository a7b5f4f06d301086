import { decryptSecret, encryptSecret } from '@/server/crypto';
import { getEnv } from '@/server/env';

/**
 * The credential an ATS expects on its own callback (Greenhouse: the key it presented to us, as the Basic-auth
 * username) is kept only with the order it belongs to, encrypted like provider keys (AES-256-GCM, the order as
 * authenticated context), and dropped when the candidate is erased. Under PROVIDER_KEY_SECRET when the operator
 * set one, else under MEDIA_TOKEN_SECRET, which every production start requires.
 */
function secret(): string {
  const env = getEnv();
  const value = env.PROVIDER_KEY_SECRET ?? env.MEDIA_TOKEN_SECRET;
  if (!value) throw new Error('PROVIDER_KEY_SECRET or MEDIA_TOKEN_SECRET must be set to keep ATS callback credentials');
  return value;
}

const context = (orgId: string, orderId: string) => `ats-callback:${orgId}:${orderId}`;

export function sealCallbackCredential(plain: string, orgId: string, orderId: string): string {
  return encryptSecret(plain, secret(), context(orgId, orderId));
}

/** The plain credential, or null when it cannot be read (another secret since, or tampered with). */
export function openCallbackCredential(sealed: string, orgId: string, orderId: string): string | null {
  return decryptSecret(sealed, secret(), context(orgId, orderId));
}

const apiKeyContext = (orgId: string, credentialId: string) => `ats-api-key:${orgId}:${credentialId}`;

/** The customer's key for the ATS's own API, kept with the integration credential it was given with. */
export function sealAtsApiKey(plain: string, orgId: string, credentialId: string): string {
  return encryptSecret(plain, secret(), apiKeyContext(orgId, credentialId));
}

export function openAtsApiKey(sealed: string, orgId: string, credentialId: string): string | null {
  return decryptSecret(sealed, secret(), apiKeyContext(orgId, credentialId));
}

const signingSecretContext = (orgId: string, credentialId: string) => `ats-signing-secret:${orgId}:${credentialId}`;

/** The secret the ATS signs its webhooks with (Lever's signature token), kept with the integration credential. */
export function sealSigningSecret(plain: string, orgId: string, credentialId: string): string {
  return encryptSecret(plain, secret(), signingSecretContext(orgId, credentialId));
}

export function openSigningSecret(sealed: string, orgId: string, credentialId: string): string | null {
  return decryptSecret(sealed, secret(), signingSecretContext(orgId, credentialId));
}
