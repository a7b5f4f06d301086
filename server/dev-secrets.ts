/**
 * Development secrets: generated once and kept in .data/ (git-ignored, owner-only), so that `npm run dev`, the admin
 * CLI and the agent simulator on one machine agree on the agent secret and the media-token key across restarts.
 * Never used in production, where the environment must set them.
 */
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { resetEnvCache } from '@/server/env';
import { randomBase62 } from '@/server/ids';

const DATA_DIR = path.join(process.cwd(), '.data');
const SECRETS_FILE = path.join(DATA_DIR, 'dev-secrets.json');

type DevSecrets = { AGENT_SECRET: string; MEDIA_TOKEN_SECRET: string; PROVIDER_KEY_SECRET: string };

export function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`${path.relative(process.cwd(), file)} is unreadable (${(error as Error).message}); delete it to start over`);
  }
}

/** Secrets on disk are readable by their owner only; .data/ is git-ignored. */
export function writePrivateJson(file: string, value: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600); // an existing file keeps its old mode on write
}

/**
 * Secrets the environment leaves unset are generated once and kept, so that media tokens and an agent configured
 * with the secret keep working across restarts. Set ones always win and are never written to disk.
 */
export function ensureDevSecrets(): void {
  if (process.env.NODE_ENV === 'production') return;
  const names = ['AGENT_SECRET', 'MEDIA_TOKEN_SECRET', 'PROVIDER_KEY_SECRET'] as const;
  if (names.every((name) => process.env[name]?.trim())) return;
  const stored = readJson<Partial<DevSecrets>>(SECRETS_FILE) ?? {};
  const secrets: DevSecrets = {
    AGENT_SECRET: stored.AGENT_SECRET || randomBase62(32),
    MEDIA_TOKEN_SECRET: stored.MEDIA_TOKEN_SECRET || randomBase62(48),
    // Kept across restarts above all: the organizations' stored provider keys are encrypted under it.
    PROVIDER_KEY_SECRET: stored.PROVIDER_KEY_SECRET || randomBase62(48),
  };
  if (names.some((name) => secrets[name] !== stored[name])) writePrivateJson(SECRETS_FILE, { ...stored, ...secrets });
  for (const name of names) if (!process.env[name]?.trim()) process.env[name] = secrets[name];
  resetEnvCache();
}
