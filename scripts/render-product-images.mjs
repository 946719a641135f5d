#!/usr/bin/env node
// Renders the hand-written product illustrations (web/assets-src/products/*.svg)
// into the WebP files the shop builds in with content-hashed names (web/assets/product-pictures):
//   <slug>.webp      800x600, the product page / full size
//   <slug>-400.webp  400x300, cards and thumbnails
//
// Usage: node scripts/render-product-images.mjs [--png DIR] [slug ...]
//   --png DIR  also write 800x600 PNG copies into DIR (handy for previewing)
//   slug ...   render only these products (default: every SVG in the folder)
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const srcDir = path.join(root, 'web', 'assets-src', 'products');
const outDir = path.join(root, 'web', 'assets', 'product-pictures');

const SIZES = [
  { suffix: '', width: 800, height: 600, quality: 80 },
  { suffix: '-400', width: 400, height: 300, quality: 80 },
];

/** @param {string[]} argv */
function parseArgs(argv) {
  /** @type {{ png: string | null, only: string[] }} */
  const opts = { png: null, only: [] };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--png') opts.png = argv[++i];
    else opts.only.push(argv[i].replace(/\.svg$/, ''));
  }
  return opts;
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const files = (await readdir(srcDir)).filter((f) => f.endsWith('.svg')).sort();
  const slugs = files.map((f) => f.slice(0, -4)).filter((s) => opts.only.length === 0 || opts.only.includes(s));
  if (slugs.length === 0) throw new Error(`no SVG files to render in ${srcDir}`);

  await mkdir(outDir, { recursive: true });
  if (opts.png) await mkdir(opts.png, { recursive: true });

  for (const slug of slugs) {
    const svg = await readFile(path.join(srcDir, `${slug}.svg`));
    const sizes = [];
    for (const { suffix, width, height, quality } of SIZES) {
      // Rasterise at the target size (density scales the 800x600 viewBox) so small
      // renders stay crisp rather than being downsampled from a blurry bitmap.
      const density = Math.max(1, Math.round((72 * width) / 800));
      const out = path.join(outDir, `${slug}${suffix}.webp`);
      await sharp(svg, { density }).resize(width, height, { fit: 'fill' }).webp({ quality, effort: 6, smartSubsample: true }).toFile(out);
      sizes.push(`${path.basename(out)} ${((await stat(out)).size / 1024).toFixed(1)} KB`);
    }
    if (opts.png) {
      const png = await sharp(svg).resize(800, 600).png().toBuffer();
      await writeFile(path.join(opts.png, `${slug}.png`), png);
    }
    console.log(`${slug}: ${sizes.join(', ')}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
