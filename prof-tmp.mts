import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
const tok = readFileSync('/tmp/speed/tok.txt', 'utf8').split('\n')[0];
const [C, I, K] = readFileSync('/tmp/speed/ids2', 'utf8').trim().split(' ');
const pages = [['overview','/overview','a[href^="/interviews/itv_"]'],['candidates','/candidates','a[href^="/candidates/cnd_"]'],['interview',`/interviews/${I}`,'[data-testid="answer-mode"]'],['campaign',`/campaigns/${C}`,'a[href^="/interviews/itv_"], a[href^="/candidates/cnd_"]'],['analytics',`/analytics?by=campaign&id=${C}`,'[data-testid="funnel-steps"]']];
const only = process.argv[2];
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-dev-shm-usage'] });
for (const [name, path, sel] of pages) {
  if (only && name !== only) continue;
  const rows = [];
  for (let run = -1; run < 5; run++) {
    const ctx = await b.newContext({ viewport: { width: 1280, height: 900 } });
    await ctx.addCookies([{ name: 'iss_session', value: tok, domain: '127.0.0.1', path: '/', httpOnly: true }]);
    await ctx.addInitScript({ content: `(() => {
      const s = ${JSON.stringify(sel)};
      window.__init = performance.now();
      const observer = new MutationObserver(() => {
        if (!document.querySelector(s)) return;
        observer.disconnect();
        window.__found = performance.now();
        requestAnimationFrame(() => { window.__shownFrame = performance.now(); });
      });
      observer.observe(document, { childList: true, subtree: true });
    })();` });
    const p = await ctx.newPage();
    await p.goto(`http://127.0.0.1:3999${path}`, { waitUntil: 'commit' });
    const h = await p.waitForFunction((s) => (document.querySelector(s) ? performance.now() : false), sel, { polling: 'raf', timeout: 15000 });
    const shown = Number(await h.jsonValue());
    await p.waitForLoadState('load');
    const t = await p.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const res = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const css = res.filter((r) => r.name.endsWith('.css')).map((r) => r.responseEnd);
      const js = res.filter((r) => r.name.endsWith('.js'));
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1;
      return { found: (window as any).__found, frame: (window as unknown as { __shownFrame: number }).__shownFrame, ttfb: nav.responseStart, htmlEnd: nav.responseEnd, domInteractive: nav.domInteractive, cssEnd: Math.max(...css, 0), jsEnd: Math.max(...js.map((r) => r.responseEnd), 0), fcp, dcl: nav.domContentLoadedEventEnd };
    });
    if (run >= 0) rows.push({ shown: Math.round(shown), ...Object.fromEntries(Object.entries(t).map(([k, v]) => [k, Math.round(v)])) });
    await ctx.close();
  }
  rows.sort((a, b) => a.shown - b.shown);
  console.log(name, JSON.stringify(rows[2]));
}
await b.close();
