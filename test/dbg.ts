import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findBrowser } from '../scripts/browser.js';
const browser = await chromium.launch({ executablePath: findBrowser(), args: CHROMIUM_ARGS });
for (const opts of [{}, { isMobile: true, hasTouch: true, deviceScaleFactor: 2 }]) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, ...opts });
  const page = await context.newPage();
  await page.addInitScript(() => { (window as any).s = []; new PerformanceObserver((l) => l.getEntries().forEach((e: any) => (window as any).s.push(e.value))).observe({ type: 'layout-shift', buffered: true }); });
  await page.route('http://x.test/', (r) => r.fulfill({ contentType: 'text/html', body: '<html><body><p>hi</p><x-a></x-a><x-a></x-a><x-a></x-a><p>below</p><script>setTimeout(()=>{const s=new CSSStyleSheet();s.replaceSync("x-a:not(:defined){display:block;height:136px}");document.adoptedStyleSheets=[s]},1000)</script></body></html>' }));
  await page.goto('http://x.test/');
  await page.waitForTimeout(1800);
  console.log(JSON.stringify(opts), await page.evaluate(() => JSON.stringify((window as any).s)));
}
console.log(CHROMIUM_ARGS);
await browser.close();
