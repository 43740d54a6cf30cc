import { parseMarkup } from '../../src/server/audit/read/markup.ts';
import type { StructuredData } from '../../src/server/audit/structured/graph.ts';
import { readStructuredData } from '../../src/server/audit/structured/read.ts';

/** The structured data of a page given as HTML, its JSON-LD blocks taken from its scripts. */
export function structuredDataOf(html: string, baseUrl = 'https://shop.example/item'): StructuredData {
  const { document } = parseMarkup(html, 'html');
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => m[1]!,
  );
  return readStructuredData({ document, jsonLd, baseUrl });
}

/** A page holding these JSON-LD blocks. */
export function jsonLdPage(...blocks: (string | object)[]): string {
  const scripts = blocks.map(
    (b) => `<script type="application/ld+json">${typeof b === 'string' ? b : JSON.stringify(b)}</script>`,
  );
  return `<!doctype html><html><head>${scripts.join('')}</head><body></body></html>`;
}
