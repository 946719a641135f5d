import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { shopDescription, shopTitle } from '../../common/page-titles.ts';

/** A stand-in for the built web app's page, shaped like the real one (with the shop's own head). */
const builtPage = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="${shopDescription}" />
    <title>${shopTitle}</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

/** A folder holding that page as `index.html`, for a test app to serve as its web root; the caller removes it. */
export function writeBuiltWebPage(): string {
  const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-web-'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), builtPage);
  return webRoot;
}
