// Applied after every install (package.json "postinstall"): two fixes of postgres.js 3.4.9 that upstream has not
// released. Each is idempotent (its mark says it is applied) and warns and leaves a file alone if the driver's code
// is not the one it knows. Both the ESM build (src) and the CommonJS one (cjs/src) are patched: Next.js and tsx may
// load either.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../node_modules/postgres/', import.meta.url));

const PATCHES = [
  {
    // porsager/postgres#1154, #1208 (PRs #1168, #1209). When PostgreSQL restarts, a small write deferred with
    // setImmediate can run after the connection closed: `socket.write` on null throws an uncaught TypeError from a
    // timer, and the connection is left with a stale `nextWriteTimer`, so it never flushes again (every query on it
    // then times out: a poisoned pool). The fix settles the write with CONNECTION_CLOSED instead of throwing, and
    // resets the timer and buffer whenever the connection is torn down.
    name: 'nextWrite guard',
    mark: '/* interview-screening: nextWrite guard */',
    file: 'connection.js',
    replacements: (mark) => [
      [
        '  function nextWrite(fn) {\n    const x = socket.write(chunk, fn)',
        `  function nextWrite(fn) {\n    ${mark}\n    if (!socket) {\n      nextWriteTimer !== null && clearImmediate(nextWriteTimer)\n      chunk = nextWriteTimer = null\n      error(Errors.connection('CONNECTION_CLOSED', options))\n      return false\n    }\n    const x = socket.write(chunk, fn)`,
      ],
      ['    clearImmediate(nextWriteTimer)\n    if (socket) {', '    clearImmediate(nextWriteTimer)\n    nextWriteTimer = null\n    chunk = null\n    if (socket) {'],
      ['    incomings = null\n    clearImmediate(nextWriteTimer)\n    socket.removeListener', '    incomings = null\n    clearImmediate(nextWriteTimer)\n    nextWriteTimer = null\n    chunk = null\n    socket.removeListener'],
    ],
  },
  {
    // The pool keeps its connections in queues (open, busy, …). `shift` leaves an `undefined` slot behind and the
    // array is only reset when the queue empties, which the open queue never does while some connections stay idle
    // (any pool of more than one connection under a steady load). So it grows by one slot per query, for ever, and
    // every query's `remove` (an indexOf from slot 0) scans all of them: measured, a query's driver CPU went from 27
    // to 114 µs over 300,000 queries, and a server process leaks 8 bytes a query. The fix searches from the queue's
    // head and compacts the array once its dead slots outnumber the live ones (amortized O(1), bounded memory);
    // db/postgres-driver-queue.test.ts checks it.
    name: 'queue compaction',
    mark: '/* interview-screening: queue compaction */',
    file: 'queue.js',
    replacements: (mark) => [
      [
        '    remove: (x) => {\n      const index = xs.indexOf(x)\n      return index === -1\n        ? null\n        : (xs.splice(index, 1), x)\n    },',
        `    remove: (x) => {\n      ${mark}\n      const at = xs.indexOf(x, index)\n      return at === -1\n        ? null\n        : (xs.splice(at, 1), x)\n    },`,
      ],
      [
        '      if (index === xs.length) {\n        index = 0\n        xs = []\n      } else {\n        xs[index - 1] = undefined\n      }',
        '      if (index === xs.length) {\n        index = 0\n        xs = []\n      } else if (index >= 32 && index * 2 >= xs.length) {\n        xs = xs.slice(index)\n        index = 0\n      } else {\n        xs[index - 1] = undefined\n      }',
      ],
    ],
  },
];

for (const patch of PATCHES) {
  for (const dir of ['src', 'cjs/src']) {
    const file = path.join(root, dir, patch.file);
    if (existsSync(file)) apply(patch, file);
  }
}

function apply(patch, file) {
  let source = readFileSync(file, 'utf8');
  if (source.includes(patch.mark)) return;
  for (const [from, to] of patch.replacements(patch.mark)) {
    if (source.split(from).length !== 2) {
      console.warn(`patch-postgres-driver: ${file} is not the postgres.js 3.4.9 this patch knows; ${patch.name} not applied`);
      return;
    }
    source = source.replace(from, to);
  }
  writeFileSync(file, source);
  console.log(`patch-postgres-driver: ${patch.name} applied to ${path.relative(process.cwd(), file)}`);
}
