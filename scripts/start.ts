import { startServer } from '@/server/http/start-server';
import { log } from '@/server/log';

(process.env as Record<string, string>).NODE_ENV = 'production';
const server = await startServer({ dev: false });
log.info({ url: server.url }, 'server listening');
