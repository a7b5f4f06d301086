import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { nodeArgsOfNpmScript } from '../../tests/support/npm-script-node-args';

export type ServerProcess = { url: string; pid: number; stop: () => Promise<void>; output: () => string };

/** Builds the production app when there is no build; `force` rebuilds (the bench measures what was built). */
export function ensureBuild(force = false): void {
  if (!force && existsSync(path.join(process.cwd(), '.next', 'BUILD_ID'))) return;
  console.log(force ? '→ rebuilding (npm run build)…' : '→ no production build: running npm run build…');
  // npm run build: next build, then the static files' Brotli copies (postbuild), as deployed.
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm run build failed (exit ${result.status})`);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts scripts/start.ts (the production server) with the Node options `npm start` gives it as a child process
 * in its own process group, and waits until `readyPath` answers 200. stop() ends that group only: SIGTERM, then
 * SIGKILL after 10 s. With BENCH_CPU_PROF_DIR set, the server writes a V8 CPU profile there when it stops (Node
 * refuses --cpu-prof in NODE_OPTIONS).
 */
export async function startServerProcess(options: {
  env: Record<string, string>;
  readyPath: string;
  readyHeaders?: Record<string, string>;
  timeoutMs?: number;
}): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  return startProcessGroup({
    name: 'the server',
    script: 'scripts/start.ts',
    nodeArgs: [...(process.env.BENCH_CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`] : []), ...nodeArgsOfNpmScript('start')],
    env: { ...process.env, ...options.env, PORT: String(port), APP_URL: options.env.APP_URL ?? url },
    url,
    killAfterMs: 10_000,
    timeoutMs: options.timeoutMs ?? 120_000,
    pollMs: 300,
    isReady: async () => {
      const res = await fetch(`${url}${options.readyPath}`, { headers: options.readyHeaders });
      await res.arrayBuffer();
      return res.status === 200;
    },
  });
}

/**
 * Starts the bare baseline (bench/baseline/bare-server.ts) on the same database, as its own process group, and
 * waits until it answers.
 */
export async function startBareServer(options: { databaseUrl: string; agentSecret: string }): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  return startProcessGroup({
    name: 'the bare baseline',
    script: 'bench/baseline/bare-server.ts',
    nodeArgs: ['--import', 'tsx'],
    env: { ...process.env, DATABASE_URL: options.databaseUrl, AGENT_SECRET: options.agentSecret, PORT: String(port), NODE_ENV: 'production' },
    url,
    killAfterMs: 5_000,
    timeoutMs: 60_000,
    pollMs: 200,
    isReady: async () => {
      // Any answer means it listens.
      await (await fetch(`${url}/nothing`)).arrayBuffer();
      return true;
    },
  });
}

/**
 * `node <nodeArgs> <script>` in its own process group, its output kept (the last 20 kB) for error messages, polled with
 * `isReady` until it answers (a throw means "not listening yet"). stop() ends that group only: SIGTERM, then
 * SIGKILL after `killAfterMs`.
 */
async function startProcessGroup(options: {
  name: string;
  script: string;
  nodeArgs: string[];
  env: NodeJS.ProcessEnv;
  url: string;
  killAfterMs: number;
  timeoutMs: number;
  pollMs: number;
  isReady: () => Promise<boolean>;
}): Promise<ServerProcess> {
  const child: ChildProcess = spawn(process.execPath, [...options.nodeArgs, options.script], { env: options.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
  });

  const stop = async () => {
    if (hasExited || child.pid === undefined) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }, options.killAfterMs);
    await exited;
    clearTimeout(timer);
  };

  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    if (hasExited) throw new Error(`${options.name} exited during start-up:\n${output}`);
    try {
      if (await options.isReady()) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${options.name} did not become ready within ${options.timeoutMs / 1000} s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, options.pollMs));
  }
  return { url: options.url, pid: child.pid!, stop, output: () => output };
}
