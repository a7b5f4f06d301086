import path from 'node:path';
import { compressStaticAssets } from '@/server/http/static-assets';

/** After `next build`: Brotli and gzip copies of the build's static text files, served by server/http/static-assets.ts. */
const totals = await compressStaticAssets(path.join(process.cwd(), '.next'));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
console.log(`compressed ${totals.files} static files: ${kb(totals.raw)} → gzip ${kb(totals.gzip)}, brotli ${kb(totals.br)}`);
