import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderedStateId } from '../../../common/rendered-page.ts';
import { loadAppShell } from './app-shell.ts';

const builtPage = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="The shop's own." />
    <title>Joinery</title>
    <link rel="stylesheet" href="/assets/index.css">
  </head>
  <body>
    <div id="root"></div>
    <script type="module" async src="/assets/index.js"></script>
  </body>
</html>`;

const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-shell-'));
fs.writeFileSync(path.join(webRoot, 'index.html'), builtPage);
const shell = loadAppShell(webRoot)!;
afterAll(() => fs.rmSync(webRoot, { recursive: true, force: true }));

describe('a page rendered on the server, in the app’s page', () => {
  const rendered = {
    head: '<link rel="preload" as="image" href="/assets/plane.webp"/>',
    body: '<main><h1>Block plane</h1></main>',
    state: { queries: [{ name: '</script><script>alert(1)</script>' }] },
    status: 200 as const,
  };

  it('puts the markup in #root, its answers beside it as JSON no answer can break out of, and its tags in the head', () => {
    const page = shell.page(undefined, rendered);
    expect(page).toContain('<div id="root"><main><h1>Block plane</h1></main></div>');
    const state = new RegExp(`<script type="application/json" id="${renderedStateId}">(.*?)</script>`).exec(page)?.[1];
    expect(state).toBeDefined();
    expect(state).not.toContain('<');
    expect(JSON.parse(state!)).toEqual(rendered.state);
    expect(page.indexOf('<link rel="preload" as="image"')).toBeLessThan(page.indexOf('</head>'));
    // The entry script comes after the answers it reads.
    expect(page.indexOf(renderedStateId)).toBeLessThan(page.indexOf('/assets/index.js'));
  });

  it('keeps a head written for the page, and leaves #root empty when nothing was rendered', () => {
    const page = shell.page({ title: 'Block plane · Joinery', description: 'A $& plane.', tags: '<link rel="canonical" href="https://shop.example/products/1" />' }, undefined);
    expect(page).toContain('<title>Block plane · Joinery</title>');
    expect(page).toContain('content="A $&#38; plane."');
    expect(page).not.toContain("The shop's own.");
    expect(page).toContain('<div id="root"></div>');
    expect(page).not.toContain(renderedStateId);
  });
});
