// A module of its own, so the browser's start-up code takes this name alone, not the head script.

/**
 * The class on <html> under which a person's first page lays out only what is near the viewport
 * (`content-visibility: auto` on page sections and article blocks, src/styles.css; decision 046):
 * the rest is laid out as the visitor scrolls to it.
 */
export const LAZY_LAYOUT_CLASS = 'lazy-layout';
