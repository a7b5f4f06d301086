/**
 * The stylesheet of the candidate's pages, inlined: the same look whether the page comes from Next.js (open and
 * in-progress interviews) or from the proxy (closed links, with their HTTP status), and nothing to fetch.
 */
export const CANDIDATE_PAGE_CSS = `
.cp-languages ul{display:flex;flex-wrap:wrap;gap:4px 12px;list-style:none;margin:0 0 12px;padding:0;justify-content:flex-end}
.cp-languages a{display:inline-block;min-height:24px;padding:4px 2px;color:#1d4ed8}
.cp-languages a[aria-current]{font-weight:700;color:#18181b;text-decoration:none}
body{margin:0}
.cp-root{min-height:100vh;margin:0;padding:48px 16px;box-sizing:border-box;background:#f4f4f5;color:#18181b;
  font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;line-height:1.5}
.cp-card{max-width:560px;margin:0 auto;background:#fff;border-radius:12px;padding:32px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
.cp-eyebrow{margin:0 0 4px;font-size:13px;letter-spacing:.04em;text-transform:uppercase;color:#71717a}
.cp-org{margin:0 0 16px;font-size:15px;color:#52525b}
.cp-card h1{margin:0 0 16px;font-size:26px;line-height:1.25}
.cp-card h2{margin:24px 0 8px;font-size:17px}
.cp-card p{margin:0 0 12px}
.cp-card ul{margin:0 0 16px;padding-left:20px}
.cp-card li{margin:4px 0}
.cp-expiry{font-size:14px;color:#52525b}
.cp-button{display:inline-block;margin-top:8px;padding:12px 20px;border:0;border-radius:8px;background:#1d4ed8;color:#fff;
  font:inherit;font-weight:600;text-decoration:none;cursor:pointer}
.cp-button:hover{background:#1e40af}
.cp-button:disabled{background:#93c5fd;cursor:default}
.cp-button:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}
.cp-status{display:flex;align-items:center;gap:8px;margin:16px 0 0;padding:12px 16px;border-radius:8px;background:#eff6ff;color:#1e3a8a}
.cp-dot{width:10px;height:10px;border-radius:50%;background:#2563eb;animation:cp-pulse 1.4s ease-in-out infinite}
@keyframes cp-pulse{0%,100%{opacity:1}50%{opacity:.3}}
@media (prefers-reduced-motion:reduce){.cp-dot{animation:none}}
.cp-card .cp-error{margin:16px 0 0;padding:12px 16px;border-radius:8px;background:#fef2f2;color:#991b1b}
.cp-closed h1{color:#3f3f46}
.cp-lang + .cp-lang{margin-top:24px;padding-top:24px;border-top:1px solid #e4e4e7}
`;
