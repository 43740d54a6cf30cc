import type { Resource, TFunction } from 'i18next';
import type { Lang } from '../site.ts';

// The reader of the translations React renders with, in the browser (decision 014) and on the
// server (the renderer's pages: i18next's lookups were a third of a page's render time). It gives the
// same strings as i18next for the same keys, with the few features the site's JSON uses: namespaces
// ("ns:key"), nested keys, plurals (_one, _many, _other, _zero), {{variable}} interpolation without
// escaping, and returnObjects. i18next's browser runtime cost 15.8 KB gzip of the JavaScript budget,
// a long set-up task and most of the time spent in translations while hydrating.
// tests/i18n/client-i18n.test.ts checks every key of every namespace in both languages against
// i18next itself.

type Options = Record<string, unknown>;
type Tree = Record<string, unknown>;

const VARIABLE = /\{\{(.+?)\}\}/g;

/**
 * CLDR cardinal plural categories of English and French, as Intl.PluralRules gives them (and
 * i18next uses), without Intl: its first use costs tens of milliseconds of set-up in Chromium.
 */
export function pluralCategory(lang: Lang, count: number): 'one' | 'many' | 'other' {
  const n = Math.abs(count);
  const i = Math.floor(n);
  if (lang === 'fr') {
    if (i === 0 || i === 1) return 'one';
    return i === n && i % 1_000_000 === 0 ? 'many' : 'other';
  }
  return n === 1 ? 'one' : 'other';
}

function lookup(tree: unknown, path: string): unknown {
  let node = tree;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, part)) return undefined;
    node = (node as Tree)[part];
  }
  return node;
}

/** {{name}} from the options; a name the options do not have stays as written, as in i18next. */
function interpolate(text: string, options: Options): string {
  if (!text.includes('{{')) return text;
  return text.replace(VARIABLE, (match, name: string) => {
    const path = name.trim();
    const given = path in options;
    const value = given ? options[path] : lookup(options, path);
    if (value === undefined && !given) return match;
    return value == null ? '' : String(value);
  });
}

/** A copy of a returnObjects result with every string interpolated, as i18next builds it. */
function interpolateDeep(value: unknown, options: Options): unknown {
  if (typeof value === 'string') return interpolate(value, options);
  if (Array.isArray(value)) return value.map((item) => interpolateDeep(item, options));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, interpolateDeep(item, options)]),
    );
  }
  return value;
}

export class ClientI18n {
  private readonly bundles = new Map<string, Tree>();

  constructor(
    public language: Lang,
    resources: Resource,
  ) {
    for (const [lang, namespaces] of Object.entries(resources)) {
      for (const [ns, tree] of Object.entries(namespaces))
        this.addResourceBundle(lang as Lang, ns, tree as Tree);
    }
  }

  hasResourceBundle(lang: Lang, ns: string): boolean {
    return this.bundles.has(`${lang}/${ns}`);
  }

  addResourceBundle(lang: Lang, ns: string, tree: Tree): void {
    this.bundles.set(`${lang}/${ns}`, tree);
  }

  changeLanguage(lang: Lang): void {
    this.language = lang;
  }

  getFixedT(lang: Lang, ns: string): TFunction {
    return ((key: string, options?: Options) =>
      this.translate(lang, ns, key, options ?? {})) as unknown as TFunction;
  }

  private translate(lang: Lang, defaultNs: string, fullKey: string, options: Options): unknown {
    const sep = fullKey.indexOf(':');
    const ns = sep > 0 ? fullKey.slice(0, sep) : defaultNs;
    const key = sep > 0 ? fullKey.slice(sep + 1) : fullKey;
    const tree = this.bundles.get(`${lang}/${ns}`);
    const { count } = options;
    // Most specific first: key_zero for a count of 0, then the plural category, then the key itself.
    const candidates =
      count !== undefined && typeof count !== 'string'
        ? [...(count === 0 ? [`${key}_zero`] : []), `${key}_${pluralCategory(lang, Number(count))}`, key]
        : [key];
    for (const candidate of candidates) {
      const value = lookup(tree, candidate);
      if (value === undefined) continue;
      if (typeof value === 'string') return interpolate(value, options);
      if (value !== null && typeof value === 'object') {
        return options.returnObjects
          ? interpolateDeep(value, options)
          : `key '${key} (${lang})' returned an object instead of string.`;
      }
      return value;
    }
    return key;
  }
}
