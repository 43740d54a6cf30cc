/**
 * JSON for embedding inside HTML (`<script>` blocks, JSON-LD, hydration data): `<`, `>` and `&` become
 * unicode escapes so no value can close the script element or open a comment, and U+2028/U+2029 are
 * escaped because older JavaScript parsers treat them as line ends.
 */
export function serializeForHtml(value: unknown): string {
  return JSON.stringify(value ?? null).replace(/[<>&\u2028\u2029]/g, (ch) => {
    return `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/** Escapes text for HTML element content or a double-quoted attribute value. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Escapes text for XML (sitemap, feeds). */
export function escapeXml(text: string): string {
  return escapeHtml(text).replace(/&#39;/g, '&apos;');
}
