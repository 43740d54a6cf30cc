import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

// Renders the PNG icons, the authors' avatars and the social preview image with Chromium, the icons
// from the SVG logo. Run once after changing them: node --import tsx scripts/make-images.ts (outputs
// are committed). Pages link raster images only: Chromium renders every SVG image (favicon, <img>)
// as a document of its own on the page's main thread, a long task on a slow phone.
const logo = readFileSync('public/favicon.svg', 'utf8');
const inter = readFileSync(
  'node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
).toString('base64');
const INTER_FACE = `<style>@font-face{font-family:"Inter Variable";src:url(data:font/woff2;base64,${inter}) format("woff2");font-weight:100 900}</style>`;

/** Initials on a diagonal gradient, as the blog's author avatars. */
const AVATARS = [
  { file: 'claire-martin', initials: 'CM', from: '#4f46e5', to: '#7c3aed' },
  { file: 'julien-moreau', initials: 'JM', from: '#14b8a6', to: '#0f766e' },
  { file: 'sophie-laurent', initials: 'SL', from: '#f59e0b', to: '#e11d48' },
  { file: 'thomas-bernard', initials: 'TB', from: '#2563eb', to: '#06b6d4' },
];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
const page = await browser.newPage();

async function shot(file: string, width: number, height: number, html: string) {
  await page.setViewportSize({ width, height });
  await page.setContent(`<!doctype html><html><body style="margin:0">${html}</body></html>`);
  await page.screenshot({ path: file, ...(file.endsWith('.jpg') ? { type: 'jpeg', quality: 85 } : {}) });
}

const icon = (size: number, pad: number) =>
  `<div style="width:${size}px;height:${size}px;background:#4f46e5;display:grid;place-items:center">${logo.replace('<svg ', `<svg width="${size - pad * 2}" height="${size - pad * 2}" `)}</div>`;
/** A transparent PNG of the page, re-encoded as WebP by the browser when asked. */
async function transparentShot(file: string, size: number, html: string) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<!doctype html><html><head>${INTER_FACE}</head><body style="margin:0;background:transparent">${html}</body></html>`,
  );
  await page.evaluate(() => document.fonts.ready);
  const png = await page.screenshot({ omitBackground: true });
  if (!file.endsWith('.webp')) return writeFileSync(file, png);
  const dataUrl = await page.evaluate(async (b64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${b64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    canvas.getContext('2d')!.drawImage(image, 0, 0);
    return canvas.toDataURL('image/webp', 0.9);
  }, png.toString('base64'));
  writeFileSync(file, Buffer.from(dataUrl.split(',')[1]!, 'base64'));
}

await transparentShot(
  'public/favicon-32.png',
  32,
  logo.replace('<svg ', '<svg width="32" height="32" style="display:block" '),
);
// 128 px: sharp at the 64 px the author card shows, on a 2x screen.
for (const { file, initials, from, to } of AVATARS) {
  await transparentShot(
    `public/images/authors/${file}.webp`,
    128,
    `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 96 96" style="display:block"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><circle cx="48" cy="48" r="48" fill="url(#g)"/><text x="48" y="49" fill="#fff" font-family="Inter Variable" font-size="34" font-weight="600" text-anchor="middle" dominant-baseline="central" letter-spacing="1">${initials}</text></svg>`,
  );
}
await shot('public/icon-192.png', 192, 192, icon(192, 0));
await shot('public/icon-512.png', 512, 512, icon(512, 0));
await shot('public/apple-touch-icon.png', 180, 180, icon(180, 0));
// One social preview per language (OG_IMAGES in src/site.ts): a French page shared on a network
// shows French text.
const SOCIAL = {
  'public/og-image.jpg': {
    title: 'Be the answer AI assistants quote',
    subtitle: 'Generative engine optimization for ChatGPT, Perplexity, Gemini and Claude',
  },
  'public/og-image-fr.jpg': {
    title: 'Soyez la réponse que citent les assistants IA',
    subtitle: 'Optimisation pour les moteurs génératifs (GEO) pour ChatGPT, Perplexity, Gemini et Claude',
  },
};
for (const [file, { title, subtitle }] of Object.entries(SOCIAL)) {
  await shot(
    file,
    1200,
    630,
    `<div style="width:1200px;height:630px;box-sizing:border-box;padding:90px;background:linear-gradient(135deg,#0b1020,#1c2350 60%,#4f46e5);color:#fff;font-family:Inter,DejaVu Sans,sans-serif;display:flex;flex-direction:column;justify-content:space-between">
    <div style="display:flex;align-items:center;gap:24px;font-size:44px;font-weight:800">${logo.replace('<svg ', '<svg width="88" height="88" ')}GEO Platform</div>
    <div style="font-size:68px;font-weight:800;line-height:1.1;letter-spacing:-1px">${title}</div>
    <div style="font-size:30px;color:#c7d2fe">${subtitle}</div>
  </div>`,
  );
}
await browser.close();
console.log('images written to public/');
