import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { randomBase62 } from '@/server/ids';
import type { ByteRange, ObjectStore, StoredObject } from './object-store';

/** Objects as files under one directory (`.data/storage` by default). Writes go through a temporary file and a rename. */
export function createLocalObjectStore(root: string): ObjectStore {
  const base = path.resolve(root);
  const fileOf = (key: string) => {
    const file = path.resolve(base, key);
    // Keys are the service's own, but a path outside the root must never be reachable whatever they hold.
    if (!file.startsWith(base + path.sep)) throw new Error(`Storage key outside the store: ${key}`);
    return file;
  };
  return {
    kind: 'local',
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomBase62(8)}.tmp`;
      await writeFile(temporary, body);
      await rename(temporary, file);
    },
    async get(key, range?: ByteRange): Promise<StoredObject | null> {
      const size = await this.size(key);
      if (size === null) return null;
      const stream = createReadStream(fileOf(key), range ? { start: range.start, end: range.end } : {});
      return { body: Readable.toWeb(stream) as ReadableStream<Uint8Array>, size };
    },
    async size(key) {
      try {
        const info = await stat(fileOf(key));
        return info.isFile() ? info.size : null;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
