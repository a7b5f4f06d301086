/**
 * The employer's accent colour over the candidate page's stylesheet (candidate-page-style.ts, interview-style.ts):
 * the buttons, links, the candidate's messages and focus rings. `accent` is a `#rrggbb` the brand service checked
 * (WCAG AA against white), so it is safe to write into CSS and white text on it is readable.
 */
export function brandCss(accent: string): string {
  if (!/^#[0-9a-f]{6}$/.test(accent)) return '';
  return `
.cp-brand{display:flex;align-items:center;gap:12px;margin:0 0 16px}
.cp-brand img{max-height:48px;max-width:200px;object-fit:contain}
.cp-brand .cp-org{margin:0}
.cp-button,.cp-msg-candidate{background:${accent}}
.cp-button:hover:not(:disabled),.cp-msg-candidate[data-pending]{background:${accent};filter:brightness(.88)}
.cp-secondary{background:#fff;color:${accent};border-color:${accent}}
.cp-secondary:hover:not(:disabled){background:#fff;filter:none}
.cp-link-button{color:${accent}}
.cp-msg[data-current]{border-color:${accent}}
.cp-check input,.cp-mode input,.cp-progress{accent-color:${accent}}
.cp-card a{color:${accent}}
`;
}
