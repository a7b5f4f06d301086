import { setFlagsFromString } from 'node:v8';
import { getEnv } from '@/server/env';

/**
 * Bounds how far the heap grows between full collections. V8 sizes the old generation at up to four times what
 * its last full collection kept when the heap looks idle and cheap to collect; a server keeps about 100 MB alive,
 * so a burst of short-lived objects that outlive a scavenge (a streamed export of 100,000 rows promotes a few
 * megabytes per batch) grew the process by about 300 MB before V8 collected, and a second export did it again
 * (docs/DECISIONS.md, "Memory of a long export"). With 50 % the same export grows it by tens of megabytes, for a
 * few more incremental full collections. The flag is read at each collection, so setting it at start-up applies.
 */
export function boundHeapGrowth(): void {
  const percent = getEnv().HEAP_GROWING_PERCENT;
  if (percent > 0) setFlagsFromString(`--heap-growing-percent=${percent}`);
}
