// Takes full-page screenshots of the given paths at desktop and phone width, for a person to look at.
// usage: node scripts/screenshots.mjs <base url> <out dir> <path> [<path> ...]
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright';

const [baseUrl, outDir, ...paths] = process.argv.slice(2);
if (!baseUrl || !outDir || paths.length === 0) {
  console.error('usage: node scripts/screenshots.mjs <base url> <out dir> <path> [<path> ...]');
  process.exit(1);
}
fs.mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const viewports = { desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } };
for (const [device, viewport] of Object.entries(viewports)) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, isMobile: device === 'phone' });
  const page = await context.newPage();
  for (const pagePath of paths) {
    await page.goto(new URL(pagePath, baseUrl).toString(), { waitUntil: 'networkidle' });
    const name = pagePath.replace(/^\//, '').replace(/[/?=&]/g, '_') || 'home';
    const file = path.join(outDir, `${name}-${device}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await context.close();
}
await browser.close();
