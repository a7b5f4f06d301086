import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

export class DatabaseInUseError extends Error {
  constructor(readonly pid: number) {
    super(`the embedded database is in use by process ${pid}; stop it or set DATABASE_URL`);
  }
}

/**
 * PGlite has no lock of its own and two processes on one directory silently lose writes. A lock file holding
 * the owner's pid, created exclusively, keeps a second opener out; a file left by a dead process is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const lockPath = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        try {
          if (readFileSync(lockPath, 'utf8').trim() === String(process.pid)) unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(lockPath, 'utf8').trim(), 10);
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
        throw new DatabaseInUseError(holder);
      }
      if (holder === process.pid) throw new DatabaseInUseError(holder);
      unlinkSync(lockPath); // stale: its process is gone
    }
  }
  throw new Error(`could not take the embedded database lock at ${lockPath}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
