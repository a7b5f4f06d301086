import path from 'node:path';
import { runGroup } from './child-processes';

/** What the admin CLI printed: one JSON line on success, one message line on stderr on failure. */
export type CliResult = { code: number | null; stdout: string; stderr: string; json: any };

/** Settings of the test process the CLI must not inherit: it sees only the database and secrets a test gives it. */
const INHERITED_SETTINGS = ['DATABASE_URL', 'TEST_DATABASE_URL', 'PGLITE_DIR', 'AGENT_SECRET', 'MEDIA_TOKEN_SECRET', 'APP_URL', 'LOG_DESTINATION'];

/**
 * The real admin CLI (`scripts/admin.ts`, what `npm run admin` runs) as a child process group, through the
 * project's own tsx binary (npx would add a second of package resolution to every command). `env` goes on top of
 * NODE_ENV=test and silent logs.
 */
export async function runAdmin(args: string[], env: Record<string, string>): Promise<CliResult> {
  const childEnv: Record<string, string | undefined> = { ...process.env };
  for (const name of INHERITED_SETTINGS) delete childEnv[name];
  Object.assign(childEnv, { NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
  // A timeout ends the whole group (tsx and the node it starts), not tsx alone.
  const { code, stdout, stderr: rawStderr } = await runGroup(path.join(process.cwd(), 'node_modules', '.bin', 'tsx'), ['scripts/admin.ts', ...args], {
    cwd: process.cwd(),
    env: childEnv as NodeJS.ProcessEnv,
    timeoutMs: 180_000,
  });
  // npm may warn about the machine's configuration; that is not the CLI's output.
  const stderr = rawStderr
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('npm warn'))
    .join('\n');
  let json: unknown = null;
  try {
    json = stdout.trim() ? JSON.parse(stdout) : null;
  } catch {
    json = null;
  }
  return { code, stdout, stderr, json };
}
