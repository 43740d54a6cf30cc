// The published documents the site's pages rely on, cited with a link where the page uses them (the
// practice the guide recommends: a source next to every claim). Titles are the documents' own, in
// their language (English), so the link text is marked as English on French pages.

export interface Source {
  title: string;
  publisher: string;
  url: string;
}

export const SOURCES = {
  geoPaper: {
    title: 'GEO: Generative Engine Optimization',
    publisher: 'Aggarwal et al., KDD 2024 (arXiv:2311.09735)',
    url: 'https://arxiv.org/abs/2311.09735',
  },
  googleAiFeatures: {
    title: 'AI features and your website',
    publisher: 'Google Search Central',
    url: 'https://developers.google.com/search/docs/appearance/ai-features',
  },
  robotsMeta: {
    title: 'Robots meta tag, data-nosnippet, and X-Robots-Tag specifications',
    publisher: 'Google Search Central',
    url: 'https://developers.google.com/search/docs/crawling-indexing/robots-meta-tag',
  },
  robotsTxt: {
    title: 'RFC 9309: Robots Exclusion Protocol',
    publisher: 'IETF',
    url: 'https://www.rfc-editor.org/rfc/rfc9309',
  },
  webLinking: {
    title: 'RFC 8288: Web Linking',
    publisher: 'IETF',
    url: 'https://www.rfc-editor.org/rfc/rfc8288',
  },
  llmsTxt: { title: 'The /llms.txt file', publisher: 'llmstxt.org', url: 'https://llmstxt.org/' },
  schemaOrg: { title: 'Schema.org', publisher: 'Schema.org', url: 'https://schema.org/' },
  contentSignals: {
    title: 'Content Signals',
    publisher: 'contentsignals.org',
    url: 'https://contentsignals.org/',
  },
} as const satisfies Record<string, Source>;

export type SourceId = keyof typeof SOURCES;
