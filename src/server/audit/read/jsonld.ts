import { clip } from '../../../lib/text.ts';

// What reading a JSON-LD block needs before it is parsed: the JSON value types, the limits a block is
// held to, and where a broken block breaks. The blocks themselves are read into the page's graph by
// structured/json-ld.ts (decision 058).

export type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}

/**
 * Blocks parsed at most: their size, and how deep their arrays and objects nest. Real blocks are a few
 * kilobytes and a dozen levels deep; a larger or deeper one is refused before JSON.parse builds it.
 */
export const MAX_BLOCK_BYTES = 256 * 1024;
export const MAX_BLOCK_NESTING = 128;

/** How deep the arrays and objects of a JSON text nest, counted without parsing (strings skipped). */
function nestingOf(text: string, stopAt: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > stopAt) return deepest;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return deepest;
}

/** Why a block is not read before parsing it, if it is past a limit. */
export function pastLimits(text: string): 'tooLarge' | 'tooDeep' | undefined {
  // A UTF-16 unit is at most 3 UTF-8 bytes: the exact size is only measured when it could matter.
  if (text.length * 3 > MAX_BLOCK_BYTES && Buffer.byteLength(text) > MAX_BLOCK_BYTES) return 'tooLarge';
  return nestingOf(text, MAX_BLOCK_NESTING) > MAX_BLOCK_NESTING ? 'tooDeep' : undefined;
}

/** A clipped piece of the block around the position JSON.parse complains about. */
export function excerptAt(text: string, error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  const position = /position (\d+)/.exec(message);
  const at = position ? Number(position[1]) : 0;
  const start = Math.max(0, at - 40);
  const piece = text.slice(start, at + 40);
  return `${start > 0 ? '…' : ''}${clip(piece, 80)}`;
}
