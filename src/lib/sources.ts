// The published documents the site's pages rely on, cited with a link where the page uses them (the
// practice the guide recommends: a source next to every claim). All are in English; their titles,
// as each language writes them, are in the `common` namespace (sources.titles).

export interface Source {
  publisher: string;
  url: string;
}

export const SOURCES = {
  geoPaper: {
    publisher: 'Aggarwal et al., KDD 2024 (arXiv 2311.09735)',
    url: 'https://arxiv.org/abs/2311.09735',
  },
  googleAiFeatures: {
    publisher: 'Google Search Central',
    url: 'https://developers.google.com/search/docs/appearance/ai-features',
  },
  robotsMeta: {
    publisher: 'Google Search Central',
    url: 'https://developers.google.com/search/docs/crawling-indexing/robots-meta-tag',
  },
  robotsTxt: {
    publisher: 'IETF',
    url: 'https://www.rfc-editor.org/rfc/rfc9309',
  },
  webLinking: {
    publisher: 'IETF',
    url: 'https://www.rfc-editor.org/rfc/rfc8288',
  },
  llmsTxt: { publisher: 'llmstxt.org', url: 'https://llmstxt.org/' },
  schemaOrg: { publisher: 'Schema.org', url: 'https://schema.org/' },
  contentSignals: {
    publisher: 'contentsignals.org',
    url: 'https://contentsignals.org/',
  },
} as const satisfies Record<string, Source>;

export type SourceId = keyof typeof SOURCES;
