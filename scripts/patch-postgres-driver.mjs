// Applied after every install (package.json "postinstall"): a fix of postgres.js 3.4.9's write scheduler that
// upstream has not released (porsager/postgres#1154, #1208; PRs #1168, #1209). When PostgreSQL restarts, a
// small write deferred with setImmediate can run after the connection closed: `socket.write` on null throws an
// uncaught TypeError from a timer, and the connection is left with a stale `nextWriteTimer`, so it never flushes
// again (every query on it then times out: a poisoned pool). The fix settles the write with CONNECTION_CLOSED
// instead of throwing, and resets the timer and buffer whenever the connection is torn down.
// Idempotent; warns and leaves the file alone if the driver's code is not the one this patch knows.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MARK = '/* interview-screening: nextWrite guard */';
const root = fileURLToPath(new URL('../node_modules/postgres/', import.meta.url));
// The ESM build (src) and the CommonJS one (cjs/src): Next.js and tsx may load either.
const files = ['src/connection.js', 'cjs/src/connection.js'].map((f) => path.join(root, f)).filter((f) => existsSync(f));

const replacements = [
  [
    '  function nextWrite(fn) {\n    const x = socket.write(chunk, fn)',
    `  function nextWrite(fn) {\n    ${MARK}\n    if (!socket) {\n      nextWriteTimer !== null && clearImmediate(nextWriteTimer)\n      chunk = nextWriteTimer = null\n      error(Errors.connection('CONNECTION_CLOSED', options))\n      return false\n    }\n    const x = socket.write(chunk, fn)`,
  ],
  ['    clearImmediate(nextWriteTimer)\n    if (socket) {', '    clearImmediate(nextWriteTimer)\n    nextWriteTimer = null\n    chunk = null\n    if (socket) {'],
  ['    incomings = null\n    clearImmediate(nextWriteTimer)\n    socket.removeListener', '    incomings = null\n    clearImmediate(nextWriteTimer)\n    nextWriteTimer = null\n    chunk = null\n    socket.removeListener'],
];
for (const file of files) patch(file);

function patch(file) {
  let source = readFileSync(file, 'utf8');
  if (source.includes(MARK)) return;
  for (const [from, to] of replacements) {
    if (source.split(from).length !== 2) {
      console.warn(`patch-postgres-driver: ${file} is not the postgres.js 3.4.9 this patch knows; left unpatched`);
      return;
    }
    source = source.replace(from, to);
  }
  writeFileSync(file, source);
  console.log(`patch-postgres-driver: nextWrite guard applied to ${path.relative(process.cwd(), file)}`);
}
