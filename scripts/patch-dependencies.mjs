// Applied after every install (package.json "postinstall"): two fixes of postgres.js 3.4.9 that upstream has not
// released, and one cost of @trpc/server's build. Each is idempotent (its mark says it is applied) and warns and
// leaves a file alone if the code is not the one it knows. Both the ESM and the CommonJS builds are patched: Next.js
// and tsx may load either.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const modules = fileURLToPath(new URL('../node_modules/', import.meta.url));

/** The files of a package's directory (non-recursive) whose text holds `needle`. */
function filesHolding(dir, needle) {
  const root = path.join(modules, dir);
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .map((name) => path.join(root, name))
    .filter((file) => /\.(m|c)?js$/.test(file) && readFileSync(file, 'utf8').includes(needle));
}

/** The helper as @trpc/server 11.19.0's build (oxc's runtime) ships it, in its ESM and CommonJS chunks. */
const TRPC_OBJECT_SPREAD = `function _objectSpread2(e) {
\tfor (var r = 1; r < arguments.length; r++) {
\t\tvar t = null != arguments[r] ? arguments[r] : {};
\t\tr % 2 ? ownKeys(Object(t), !0).forEach(function(r) {
\t\t\t_defineProperty(e, r, t[r]);
\t\t}) : Object.getOwnPropertyDescriptors ? Object.defineProperties(e, Object.getOwnPropertyDescriptors(t)) : ownKeys(Object(t)).forEach(function(r) {
\t\t\tObject.defineProperty(e, r, Object.getOwnPropertyDescriptor(t, r));
\t\t});
\t}
\treturn e;
}`;

const PATCHES = [
  {
    // porsager/postgres#1154, #1208 (PRs #1168, #1209). When PostgreSQL restarts, a small write deferred with
    // setImmediate can run after the connection closed: `socket.write` on null throws an uncaught TypeError from a
    // timer, and the connection is left with a stale `nextWriteTimer`, so it never flushes again (every query on it
    // then times out: a poisoned pool). The fix settles the write with CONNECTION_CLOSED instead of throwing, and
    // resets the timer and buffer whenever the connection is torn down.
    name: 'nextWrite guard',
    mark: '/* interview-screening: nextWrite guard */',
    files: () => ['postgres/src/connection.js', 'postgres/cjs/src/connection.js'].map((file) => path.join(modules, file)),
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
    files: () => ['postgres/src/queue.js', 'postgres/cjs/src/queue.js'].map((file) => path.join(modules, file)),
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
  {
    // tRPC's build turns every object spread into a Babel-style helper that defines the properties one by one
    // (Object.defineProperty per key, after listing the keys and symbols). A procedure call spreads its options and
    // context at each middleware layer: the helper was the largest single item of a REST v1 retrieve's own CPU
    // (about 20 µs of ~370 on the bench). The calls tRPC makes pass plain objects (its `{}` placeholders at even
    // positions included), for which Object.assign copies the same own enumerable properties and symbols, natively.
    // server/trpc-object-spread.test.ts checks the files are patched and that context and input still merge.
    name: 'native object spread',
    mark: '/* interview-screening: native object spread */',
    files: () => [...filesHolding('@trpc/server/dist', TRPC_OBJECT_SPREAD), ...filesHolding('@trpc/server/dist', '/* interview-screening: native object spread */')],
    replacements: (mark) => [
      [
        TRPC_OBJECT_SPREAD,
        `function _objectSpread2(e) {\n\t${mark}\n\tfor (var r = 1; r < arguments.length; r++) if (arguments[r] != null) Object.assign(e, arguments[r]);\n\treturn e;\n}`,
      ],
    ],
  },
];

for (const patch of PATCHES) {
  const files = patch.files().filter((file) => existsSync(file));
  if (files.length === 0) console.warn(`patch-dependencies: no file to apply ${patch.name} to; not applied`);
  for (const file of files) apply(patch, file);
}

function apply(patch, file) {
  let source = readFileSync(file, 'utf8');
  if (source.includes(patch.mark)) return;
  for (const [from, to] of patch.replacements(patch.mark)) {
    if (source.split(from).length !== 2) {
      console.warn(`patch-dependencies: ${file} is not the code this patch knows; ${patch.name} not applied`);
      return;
    }
    source = source.replace(from, to);
  }
  writeFileSync(file, source);
  console.log(`patch-dependencies: ${patch.name} applied to ${path.relative(process.cwd(), file)}`);
}
