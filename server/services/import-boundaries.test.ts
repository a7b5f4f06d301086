import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The domain layer stays below the edges: services never import the HTTP layer, the routers, the simulated agent
 * or the Next.js app (they are what imports services). An import the other way closes a circle (routes → services
 * → routes) that bundlers and tests trip over; what a service needs from above is registered by the process entry
 * (see services/interviewer/agent-transport.ts).
 */
const SERVICES = path.resolve(__dirname);
const ROOT = path.resolve(SERVICES, '../..');
const FORBIDDEN = ['server/agent', 'server/http', 'server/routers', 'app'].map((dir) => path.join(ROOT, dir));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)/g;

export function forbiddenImports(file: string, source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2] ?? match[3];
    let target: string | null = null;
    if (specifier.startsWith('@/')) target = path.join(ROOT, specifier.slice(2));
    else if (specifier.startsWith('.')) target = path.resolve(path.dirname(file), specifier);
    if (target && FORBIDDEN.some((dir) => target === dir || target!.startsWith(dir + path.sep))) found.push(specifier);
  }
  return found;
}

describe('server/services import boundaries', () => {
  it('no service imports server/agent, server/http, server/routers or app/', () => {
    const offenders = sourceFiles(SERVICES).flatMap((file) =>
      forbiddenImports(file, readFileSync(file, 'utf8')).map((specifier) => `${path.relative(ROOT, file)} → ${specifier}`),
    );
    expect(offenders).toEqual([]);
  });

  it('recognises the forms an import can take', () => {
    const file = path.join(SERVICES, 'x/y.ts');
    expect(forbiddenImports(file, "import { a } from '@/server/http/respond';")).toEqual(['@/server/http/respond']);
    expect(forbiddenImports(file, "const m = await import('@/server/agent/simulated-agent');")).toEqual(['@/server/agent/simulated-agent']);
    expect(forbiddenImports(file, "export * from '../../routers/app-router';")).toEqual(['../../routers/app-router']);
    expect(forbiddenImports(file, "import type { X } from '@/app/i/[token]/copy';")).toEqual(['@/app/i/[token]/copy']);
    expect(forbiddenImports(file, "import { db } from '@/db/client';\nimport { z } from 'zod';")).toEqual([]);
  });
});
