import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Security headers of the HTML pages (sign-in, dashboard, the candidate's page), set by the Node server before
 * Next.js renders them:
 * - a Content-Security-Policy with a fresh nonce per page: Next.js reads the nonce from the request's own
 *   Content-Security-Policy header (next/dist/server/app-render/get-script-nonce-from-header.js) and puts it on
 *   its inline scripts, so nothing but our scripts runs ('strict-dynamic' lets them load their chunks);
 * - frame-ancestors 'none' and X-Frame-Options DENY: no page can be framed (clickjacking the sign-in, a key
 *   revocation or the candidate's Start);
 * - nosniff, a Referrer-Policy (the candidate page sets no-referrer itself: its URL carries the token), and a
 *   Permissions-Policy that gives the microphone to this origin only (the candidate records answers) and
 *   nothing else.
 * API routes (JSON, their own headers) and Next.js's static files are left alone.
 */
export function applyPageSecurityHeaders(req: IncomingMessage, res: ServerResponse, dev: boolean): void {
  const path = (req.url ?? '/').split('?')[0];
  if (path === '/api' || path.startsWith('/api/') || path.startsWith('/_next/static/')) return;
  const nonce = randomBytes(16).toString('base64');
  const policy = contentSecurityPolicy(nonce, dev);
  req.headers['content-security-policy'] = policy;
  res.setHeader('Content-Security-Policy', policy);
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  res.setHeader('Permissions-Policy', 'camera=(), geolocation=(), payment=(), usb=(), microphone=(self)');
  if (path.startsWith('/join/')) for (const [name, value] of Object.entries(TOKEN_PAGE_HEADERS)) res.setHeader(name, value);
}

/**
 * A teammate's invitation (`/join/<token>`) carries its credential in the URL, as the candidate's `/i/<token>`
 * does (server/http/invitation-proxy.ts): it must not leak in a Referer, stay in a cache or be indexed.
 */
const TOKEN_PAGE_HEADERS = { 'Referrer-Policy': 'no-referrer', 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' };

export function contentSecurityPolicy(nonce: string, dev: boolean): string {
  return [
    "default-src 'self'",
    // next dev's fast refresh evaluates code; a production build never needs eval.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}`,
    // React and the UI kit set style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    // Recorded answers (blob:) and served audio (this origin, or signed storage URLs).
    "media-src 'self' blob: data: https:",
    `connect-src 'self'${dev ? ' ws: wss:' : ''}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
