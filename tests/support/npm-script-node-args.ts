import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The Node options an npm script gives `node` before its script (`"start": "node --max-semi-space-size=64 --import
 * tsx scripts/start.ts"` → `['--max-semi-space-size=64', '--import', 'tsx']`), so that the cluster test and the bench
 * run the server exactly as `npm start` does, from the one place the options are written: package.json.
 */
export function nodeArgsOfNpmScript(name: 'start' | 'worker'): string[] {
  const scripts = JSON.parse(readFileSync(path.join(process.cwd(), 'package.json'), 'utf8')).scripts as Record<string, string>;
  const words = scripts[name].trim().split(/\s+/);
  if (words[0] !== 'node') throw new Error(`npm run ${name} does not start with node: ${scripts[name]}`);
  return words.slice(1, -1);
}
