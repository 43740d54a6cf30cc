import type { DomDocument } from '../read/dom.ts';
import { GraphBuilder, type StructuredData } from './graph.ts';
import { readJsonLdBlocks } from './json-ld.ts';
import { readMarkupData } from './rdf.ts';

/** What the structured data reader needs of a parsed page (read/html.ts has all three). */
export interface StructuredSource {
  document: DomDocument;
  /** Raw text of each `<script type="application/ld+json">`, in page order. */
  jsonLd: readonly string[];
  /** The page's address after its `<base>`: relative microdata and RDFa links resolve against it. */
  baseUrl: string;
}

/** The page's JSON-LD, microdata and RDFa as one graph of entities, with what kept any of it unread. */
export function readStructuredData(source: StructuredSource): StructuredData {
  const graph = new GraphBuilder();
  const diagnostics = readJsonLdBlocks(source.jsonLd, graph);
  diagnostics.push(...readMarkupData(source.document, source.baseUrl, graph));
  return { entities: graph.entities, diagnostics, jsonLdBlocks: source.jsonLd.length };
}
