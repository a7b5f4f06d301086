import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * postgres.js keeps its pooled connections in queues; scripts/patch-dependencies.mjs (the postinstall) fixes
 * their growth. Unpatched, the open queue gained a dead slot per query while some connections stayed idle, and each
 * query's `remove` scanned all of them: a long-running server's driver cost grew with every query it had served.
 * Both builds of the driver are checked (Next.js and tsx may load either).
 */
type Queue<T> = { length: number; push: (x: T) => T; shift: () => T | undefined; remove: (x: T) => T | null };
type QueueFactory = <T>(initial?: T[]) => Queue<T>;

const builds: [string, () => Promise<QueueFactory>][] = [
  ['ESM (src)', async () => (await import(fileURLToPath(new URL('../node_modules/postgres/src/queue.js', import.meta.url)))).default],
  ['CommonJS (cjs/src)', async () => (await import(fileURLToPath(new URL('../node_modules/postgres/cjs/src/queue.js', import.meta.url)))).default],
];

describe.each(builds)('postgres.js connection queue, %s build', (_name, load) => {
  it('is first in, first out; remove takes an element out once, from anywhere', async () => {
    const Queue = await load();
    const q = Queue(['a', 'b']);
    q.push('c');
    q.push('d');
    expect(q.shift()).toBe('a');
    expect(q.remove('c')).toBe('c');
    expect(q.remove('c')).toBeNull();
    expect(q.remove('a')).toBeNull(); // already shifted
    expect(q.length).toBe(2);
    expect([q.shift(), q.shift(), q.length]).toEqual(['b', 'd', 0]);
    q.push('e');
    expect([q.length, q.shift(), q.length]).toEqual([1, 'e', 0]);
  });

  it('keeps its order across many compactions', async () => {
    const Queue = await load();
    const q = Queue<number>();
    let next = 0;
    let expected = 0;
    for (let i = 0; i < 5; i++) q.push(next++);
    for (let round = 0; round < 10_000; round++) {
      expect(q.shift()).toBe(expected++);
      q.push(next++);
      if (round % 7 === 0) q.push(next++); // grows now and then…
      if (round % 11 === 0) expect(q.shift()).toBe(expected++); // …and shrinks
    }
    expect(q.length).toBe(next - expected);
  });

  it('costs the same per operation after 300,000 connections went round an open queue that never emptied', async () => {
    const Queue = await load();
    // Ten idle connections; a query takes the first (shift), the pool moves it (a remove that finds nothing, as
    // move() does after a shift) and puts it back when done (push). Unpatched, that loop scans 4.5e10 dead slots (many
    // seconds); patched, a few million operations (milliseconds).
    const open = Queue(Array.from({ length: 10 }, (_, i) => ({ id: i })));
    const started = performance.now();
    for (let i = 0; i < 300_000; i++) {
      const connection = open.shift()!;
      open.remove(connection);
      open.push(connection);
    }
    expect(open.length).toBe(10);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
