import { spawn } from 'node:child_process';
import { once } from 'node:events';

/**
 * A program that starts a process of its own, as `npm run dev` or a worker's tools might, for the child-process
 * helper's tests: run through tsx, it is the wrapper's child and its grandchild is the test's great-grandchild.
 * Prints `{"program": <pid>, "grandchild": <pid>}` once the grandchild runs, then stays running, or exits at once
 * with `--exit` (leaving the grandchild behind). With `--ignore-sigterm` the grandchild ignores SIGTERM.
 */

const ignoreSigterm = process.argv.includes('--ignore-sigterm');
const code = `${ignoreSigterm ? "process.on('SIGTERM', () => {});" : ''} process.stdout.write('ready'); setInterval(() => {}, 1000);`;
// Same process group (not detached); its output comes to this program only, so it holds none of the test's pipes.
const grandchild = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'ignore'] });
await once(grandchild.stdout!, 'data');
process.stdout.write(`${JSON.stringify({ program: process.pid, grandchild: grandchild.pid })}\n`);
if (process.argv.includes('--exit')) process.exit(0);
setInterval(() => {}, 1000);
