import type about from './locales/en/about.json';
import type aiAct from './locales/en/aiAct.json';
import type api from './locales/en/api.json';
import type audit from './locales/en/audit.json';
import type blog from './locales/en/blog.json';
import type common from './locales/en/common.json';
import type contact from './locales/en/contact.json';
import type emails from './locales/en/emails.json';
import type faq from './locales/en/faq.json';
import type faqsets from './locales/en/faqsets.json';
import type forms from './locales/en/forms.json';
import type guide from './locales/en/guide.json';
import type home from './locales/en/home.json';
import type legal from './locales/en/legal.json';
import type newsletter from './locales/en/newsletter.json';
import type services from './locales/en/services.json';
import type tools from './locales/en/tools.json';

// Typed page copy: the lists and objects of the translation JSON, read with the types of the English
// files (type imports only: no JSON is bundled by this module). French has exactly the same keys
// (tests/i18n/resources.test.ts), so one type serves both languages.

/** Every namespace's copy, typed from its English JSON. */
export interface CopyMap {
  about: typeof about;
  aiAct: typeof aiAct;
  api: typeof api;
  audit: typeof audit;
  blog: typeof blog;
  common: typeof common;
  contact: typeof contact;
  emails: typeof emails;
  faq: typeof faq;
  faqsets: typeof faqsets;
  forms: typeof forms;
  guide: typeof guide;
  home: typeof home;
  legal: typeof legal;
  newsletter: typeof newsletter;
  services: typeof services;
  tools: typeof tools;
}
export type Namespace = keyof CopyMap;
export type Copy<N extends Namespace> = CopyMap[N];

/** Dotted paths into a copy object, down to its strings and lists (`'stats.items'`). */
export type CopyPath<T> = T extends string | readonly unknown[]
  ? never
  : { [K in keyof T & string]: K | `${K}.${CopyPath<T[K]>}` }[keyof T & string];

/** The type found at a dotted path. */
export type CopyAt<T, P extends string> = P extends `${infer K}.${infer Rest}`
  ? K extends keyof T
    ? CopyAt<T[K], Rest>
    : never
  : P extends keyof T
    ? T[P]
    : never;

/** Values for `{{name}}` placeholders in the strings read. */
export type CopyVars = Record<string, string | number>;

/** Reads the copy at a path of one namespace, in the language the reader is bound to. */
export type CopyReader<N extends Namespace> = <P extends CopyPath<Copy<N>>>(
  path: P,
  vars?: CopyVars,
) => CopyAt<Copy<N>, P>;

/** Any `t` bound to a language: i18next's on the server, ClientI18n's in the browser, a test's. */
export type TFunctionLike = (key: string, options?: Record<string, unknown>) => unknown;

/**
 * A typed reader of a namespace over a `t` bound to the page language. It reads with
 * `returnObjects`, so the server (i18next) and the browser (ClientI18n) give the same objects, with
 * `{{name}}` filled from `vars`, and a key missing in that language behaves as `t` does (decision
 * 014). The one place a translation result gets its type: the key and its type come from the same
 * English JSON, which French matches key for key.
 */
export function copyReader<N extends Namespace>(t: TFunctionLike, ns: N): CopyReader<N> {
  return <P extends CopyPath<Copy<N>>>(path: P, vars?: CopyVars) =>
    t(`${ns}:${path}`, { ...vars, returnObjects: true }) as CopyAt<Copy<N>, P>;
}
