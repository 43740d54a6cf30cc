import type { buildPageGraph } from './page-graph.ts';

// Where PageHead finds the JSON-LD builder. The server registers it once at start-up (the module is
// part of its bundle); the browser imports it after the first page has hydrated, off the critical
// path, since it needs it only for client-side navigations.

type Builder = typeof buildPageGraph;

let builder: Builder | undefined;
let loading: Promise<Builder> | undefined;

export function setGraphBuilder(build: Builder): void {
  builder = build;
}

export function graphBuilder(): Builder | undefined {
  return builder;
}

/** Loads the builder in the browser (once); resolves at once when it is already there. */
export function loadGraphBuilder(): Promise<Builder> {
  if (builder) return Promise.resolve(builder);
  loading ??= import('./page-graph.ts').then((module) => (builder = module.buildPageGraph));
  return loading;
}
