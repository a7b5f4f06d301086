import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The interactive API reference at /api/docs: Swagger UI from the installed swagger-ui-dist package, served by
 * this app (no CDN), pointed at /api/v1/openapi.json.
 */

export const API_DOCS_PATH = '/api/docs';
export const API_DOCS_ASSETS_PATH = `${API_DOCS_PATH}/assets`;
export const OPENAPI_DOCUMENT_PATH = '/api/v1/openapi.json';

/** The init script is ours; as a file rather than inline, the page can forbid inline scripts. */
const INIT_SCRIPT = `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(OPENAPI_DOCUMENT_PATH)},
  dom_id: '#swagger-ui',
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
  docExpansion: 'list',
  defaultModelsExpandDepth: 0,
  displayRequestDuration: true,
  persistAuthorization: false,
});
`;

type Asset = { contentType: string; source: { packageFile: string } | { text: string } };

/**
 * The only files served: a strict allow-list, so no request can read anything else from node_modules. The
 * standalone preset and its layout are left out: its top bar lets a visitor load any other document URL.
 */
export const API_DOCS_ASSETS: Readonly<Record<string, Asset>> = {
  'swagger-ui.css': { contentType: 'text/css; charset=utf-8', source: { packageFile: 'swagger-ui.css' } },
  'swagger-ui-bundle.js': { contentType: 'text/javascript; charset=utf-8', source: { packageFile: 'swagger-ui-bundle.js' } },
  'favicon-32x32.png': { contentType: 'image/png', source: { packageFile: 'favicon-32x32.png' } },
  'init.js': { contentType: 'text/javascript; charset=utf-8', source: { text: INIT_SCRIPT } },
};

const assetCache = new Map<string, Buffer>();

/** The asset's bytes and type, or null when `name` is not on the allow-list. Read once per process. */
export async function readApiDocsAsset(name: string): Promise<{ body: Buffer; contentType: string } | null> {
  if (!Object.hasOwn(API_DOCS_ASSETS, name)) return null;
  const asset = API_DOCS_ASSETS[name];
  let body = assetCache.get(name);
  if (!body) {
    body =
      'text' in asset.source
        ? Buffer.from(asset.source.text)
        : await readFile(path.join(process.cwd(), 'node_modules', 'swagger-ui-dist', asset.source.packageFile));
    assetCache.set(name, body);
  }
  return { body, contentType: asset.contentType };
}

export const API_DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

export function renderApiDocsPage(): string {
  const asset = (name: keyof typeof API_DOCS_ASSETS) => `${API_DOCS_ASSETS_PATH}/${name}`;
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Interview Screening API reference</title>
  <link rel="icon" type="image/png" href="${asset('favicon-32x32.png')}" sizes="32x32">
  <link rel="stylesheet" href="${asset('swagger-ui.css')}">
</head>
<body>
  <noscript>The interactive reference needs JavaScript. The OpenAPI document itself is at <a href="${OPENAPI_DOCUMENT_PATH}">${OPENAPI_DOCUMENT_PATH}</a>.</noscript>
  <div id="swagger-ui"></div>
  <script src="${asset('swagger-ui-bundle.js')}"></script>
  <script src="${asset('init.js')}"></script>
</body>
</html>
`;
}
