// The three FAQ sets, chosen by path: services and tools, the guide, everything else.
export type FaqSetId = 'product' | 'guide' | 'general';

export function faqSetFor(pathname: string): FaqSetId {
  if (pathname.includes('/services') || pathname.includes('/tools')) return 'product';
  if (pathname.includes('/guide')) return 'guide';
  return 'general';
}

/** Tools and guide pages mark their first question up as a single QAPage, the others as a FAQPage. */
export function faqSchemaFor(pathname: string): 'QAPage' | 'FAQPage' {
  return pathname.includes('/tools') || pathname.includes('/guide') ? 'QAPage' : 'FAQPage';
}
