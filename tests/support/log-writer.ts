import { writeSync } from 'node:fs';
import { log } from '@/server/log';

/**
 * A process that logs as the server does and marks, with direct writes to standard output, when each call
 * returned: the order of the lines a reader sees tells what was buffered and when it came out
 * (server/log-stdout.test.ts).
 */
const mark = (text: string) => writeSync(1, `${text}\n`);

log.info('buffered');
mark('after info');
await new Promise((resolve) => setTimeout(resolve, 1_000));
mark('a second later');
log.info('before the warning');
log.warn('the warning');
mark('after warn');
log.info('the last line');
process.exit(0);
