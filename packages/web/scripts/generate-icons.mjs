// Renders the shop's mark (public/favicon.svg) into the PNG icons of the web app manifest
// (issue 19): 192 and 512 px "any" icons, a 512 px maskable icon (the mark inside the 80 % safe
// zone on the sand-brown background) and the 180 px apple-touch-icon. Run it after changing the
// mark: `node packages/web/scripts/generate-icons.mjs`; the PNGs are checked in. Nothing is downloaded.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'public');
const svg = await readFile(path.join(publicDir, 'favicon.svg'));
const BACKGROUND = '#C2A278';

async function plain(size, name) {
  const png = await sharp(svg, { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
  await writeFile(path.join(publicDir, 'icons', name), png);
}

async function padded(size, name) {
  const inner = Math.round(size * 0.7);
  const mark = await sharp(svg, { density: (72 * inner) / 32 })
    .resize(inner, inner)
    .png()
    .toBuffer();
  const offset = Math.round((size - inner) / 2);
  const png = await sharp({ create: { width: size, height: size, channels: 4, background: BACKGROUND } })
    .composite([{ input: mark, left: offset, top: offset }])
    .png({ compressionLevel: 9 })
    .toBuffer();
  await writeFile(path.join(publicDir, 'icons', name), png);
}

await plain(192, 'icon-192.png');
await plain(512, 'icon-512.png');
await padded(512, 'icon-maskable-512.png');
await padded(180, 'apple-touch-icon-180.png');
console.log('icons written to', path.join(publicDir, 'icons'));
