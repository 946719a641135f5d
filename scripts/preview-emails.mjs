// `npm run mail:preview`: renders one of every e-mail the shop sends, with sample data, to
// data/mail-previews/<name>.html, and screenshots each at 600 px (a desktop mail client) and 390 px
// (a phone) when Chromium is installed. For looking at the templates while changing them.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

// The compiled templates are loaded from dist/ (built by the npm script); their types come from the
// sources, so this script is checked even before a build (the linter reads a dynamic import as `any`
// whatever its cast, hence the two exceptions).
/** @param {string} file */
const compiled = (file) => import(new URL(`../dist/server/modules/mail/templates/${file}`, import.meta.url).href);
// eslint-disable-next-line @typescript-eslint/no-unsafe-assignment
const { renderEmail } = /** @type {typeof import('../server/modules/mail/templates/render-email.js')} */ (await compiled('render-email.js'));
// eslint-disable-next-line @typescript-eslint/no-unsafe-assignment
const { sampleMessages } = /** @type {typeof import('../server/modules/mail/templates/sample-messages.js')} */ (await compiled('sample-messages.js'));

const outDir = path.resolve('data/mail-previews');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The logo is served by the shop; a running one on this address shows it in the previews.
const publicUrl = process.env.PUBLIC_URL ?? 'http://localhost:3000';

fs.mkdirSync(outDir, { recursive: true });
const files = [];
for (const [name, content] of Object.entries(sampleMessages(publicUrl))) {
  const { html, text } = await renderEmail(content, publicUrl);
  fs.writeFileSync(path.join(outDir, `${name}.html`), html);
  fs.writeFileSync(path.join(outDir, `${name}.txt`), text);
  files.push(name);
}
console.log(`Rendered ${files.length} messages to ${outDir}`);

if (fs.existsSync(chromiumPath)) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  for (const width of [600, 390]) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    for (const name of files) {
      await page.goto(`file://${path.join(outDir, `${name}.html`)}`);
      await page.screenshot({ path: path.join(outDir, `${name}-${width}.png`), fullPage: true });
    }
    await page.close();
  }
  await browser.close();
  console.log(`Screenshots at 600 and 390 px beside them`);
}
