import { DomHandler, Parser, type parseDocument } from 'htmlparser2';

// The audited site's markup (its page, its sitemap), parsed within fixed limits. htmlparser2 keeps
// its open elements in an array it shifts and searches, so each level of nesting makes every later
// tag dearer: 160,000 unclosed tags cost 14 s of CPU and most of the heap. Browsers themselves stop
// nesting at 512 levels (WebKit and Blink's parsers attach deeper elements to the 512th), so a real
// page never needs more; past either limit the parse stops and the checks read what came before,
// and the report says so.

type DomDocument = ReturnType<typeof parseDocument>;

/** Nesting depth past which browsers stop nesting elements. */
export const MAX_NESTING = 512;
/** Elements read at most: forty times the size at which Lighthouse calls a DOM excessive (1,400). */
export const MAX_ELEMENTS = 60_000;

export type MarkupLimit = 'nesting' | 'elements';

export interface ParsedMarkup {
  document: DomDocument;
  /** The limit that stopped the parse, if one did: the document holds what came before it. */
  limit: MarkupLimit | undefined;
}

class LimitReached extends Error {
  constructor(readonly limit: MarkupLimit) {
    super(limit);
  }
}

/** A DOM builder that refuses to nest or grow past the limits (by throwing out of the parser). */
class BoundedHandler extends DomHandler {
  private elements = 0;

  override onopentag(name: string, attribs: Record<string, string>): void {
    // tagStack holds the document itself below the open elements.
    if (this.tagStack.length > MAX_NESTING) throw new LimitReached('nesting');
    if (++this.elements > MAX_ELEMENTS) throw new LimitReached('elements');
    super.onopentag(name, attribs);
  }
}

export function parseMarkup(text: string, mode: 'html' | 'xml'): ParsedMarkup {
  const handler = new BoundedHandler();
  const parser = new Parser(
    handler,
    mode === 'xml' ? { xmlMode: true } : { lowerCaseAttributeNames: true, lowerCaseTags: true },
  );
  try {
    parser.end(text);
    return { document: handler.root, limit: undefined };
  } catch (error) {
    if (error instanceof LimitReached) return { document: handler.root, limit: error.limit };
    throw error;
  }
}
