import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

// Renders the PNG icons and the social preview image from the SVG logo with Chromium.
// Run once after changing the logo: node --import tsx scripts/make-images.ts (outputs are committed).
const logo = readFileSync('public/favicon.svg', 'utf8');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();

async function shot(file: string, width: number, height: number, html: string) {
  await page.setViewportSize({ width, height });
  await page.setContent(`<!doctype html><html><body style="margin:0">${html}</body></html>`);
  await page.screenshot({ path: file, ...(file.endsWith('.jpg') ? { type: 'jpeg', quality: 85 } : {}) });
}

const icon = (size: number, pad: number) =>
  `<div style="width:${size}px;height:${size}px;background:#4f46e5;display:grid;place-items:center">${logo.replace('<svg ', `<svg width="${size - pad * 2}" height="${size - pad * 2}" `)}</div>`;
await shot('public/icon-192.png', 192, 192, icon(192, 0));
await shot('public/icon-512.png', 512, 512, icon(512, 0));
await shot('public/apple-touch-icon.png', 180, 180, icon(180, 0));
await shot(
  'public/og-image.jpg',
  1200,
  630,
  `<div style="width:1200px;height:630px;box-sizing:border-box;padding:90px;background:linear-gradient(135deg,#0b1020,#1c2350 60%,#4f46e5);color:#fff;font-family:Inter,DejaVu Sans,sans-serif;display:flex;flex-direction:column;justify-content:space-between">
    <div style="display:flex;align-items:center;gap:24px;font-size:44px;font-weight:800">${logo.replace('<svg ', '<svg width="88" height="88" ')}GEO Platform</div>
    <div style="font-size:68px;font-weight:800;line-height:1.1;letter-spacing:-1px">Be the answer AI assistants quote</div>
    <div style="font-size:30px;color:#c7d2fe">Generative engine optimization for ChatGPT, Perplexity, Gemini and Claude</div>
  </div>`,
);
await browser.close();
console.log('images written to public/');
