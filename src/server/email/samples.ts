import { overallScore, type AuditCategory, type AuditOutcome, type AuditReport } from '../../lib/audit.ts';
import type { Lang } from '../../site.ts';
import type { VisitorMailRequest } from '../delivery/channels/visitor-email.ts';
import { NAME_NOT_PROVIDED } from '../store/types.ts';

// Made-up leads and audit results for the email previews (scripts/email-previews.ts) and the tests:
// one of each email, in each language, shaped as the store and the audit service produce them.

type Texts = Record<Lang, string>;
interface SampleItem {
  id: string;
  status: 'pass' | 'warning' | 'fail';
  title: Texts;
  evidence: Texts;
  recommendation?: Texts;
}

const SAMPLE: { id: AuditCategory['id']; score: number; items: SampleItem[] }[] = [
  {
    id: 'crawlerAccess',
    score: 86,
    items: [
      {
        id: 'aiSearchAgents',
        status: 'fail',
        title: { en: 'AI search and assistant crawlers', fr: 'Robots de recherche et d’assistants IA' },
        evidence: {
          en: 'GPTBot and ClaudeBot are blocked by line 7 (“Disallow: /”), in their own group.',
          fr: 'GPTBot et ClaudeBot sont bloqués par la ligne 7 («\u202fDisallow: /\u202f»), dans leur propre groupe.',
        },
        recommendation: {
          en: 'Remove the Disallow rule for the assistants you want to be cited by, or limit it to private paths.',
          fr: 'Supprimez la règle Disallow pour les assistants qui doivent vous citer, ou limitez-la aux chemins privés.',
        },
      },
      {
        id: 'robotsTxt',
        status: 'pass',
        title: { en: 'robots.txt file', fr: 'Fichier robots.txt' },
        evidence: {
          en: 'robots.txt answered 200 with 12 lines.',
          fr: 'robots.txt a répondu 200 avec 12 lignes.',
        },
      },
    ],
  },
  {
    id: 'structuredData',
    score: 70,
    items: [
      {
        id: 'organization',
        status: 'fail',
        title: { en: 'Organization markup', fr: 'Balisage Organization' },
        evidence: {
          en: 'The page’s JSON-LD has no Organization or LocalBusiness object.',
          fr: 'Le JSON-LD de la page ne contient aucun objet Organization ou LocalBusiness.',
        },
        recommendation: {
          en: 'Describe your company with schema.org Organization: name, logo, address and official profiles.',
          fr: 'Décrivez votre entreprise avec schema.org Organization\u00a0: nom, logo, adresse et profils officiels.',
        },
      },
      {
        id: 'faq',
        status: 'warning',
        title: { en: 'Questions and answers', fr: 'Questions et réponses' },
        evidence: {
          en: '3 questions appear in the text; none is marked up as FAQPage.',
          fr: '3\u00a0questions figurent dans le texte\u202f; aucune n’est balisée en FAQPage.',
        },
        recommendation: {
          en: 'Mark up the questions and their answers with FAQPage, word for word as on the page.',
          fr: 'Balisez les questions et leurs réponses en FAQPage, mot pour mot comme sur la page.',
        },
      },
    ],
  },
  {
    id: 'citability',
    score: 88,
    items: [
      {
        id: 'statistics',
        status: 'warning',
        title: { en: 'Sourced figures', fr: 'Chiffres sourcés' },
        evidence: {
          en: '4 figures found; 1 links to its source.',
          fr: '4\u00a0chiffres trouvés\u202f; 1 renvoie à sa source.',
        },
        recommendation: {
          en: 'Link each figure to the study or dataset it comes from: assistants prefer claims they can check.',
          fr: 'Reliez chaque chiffre à l’étude ou aux données dont il provient\u00a0: les assistants préfèrent ce qu’ils peuvent vérifier.',
        },
      },
      {
        id: 'answerFirst',
        status: 'pass',
        title: { en: 'Answer-first paragraphs', fr: 'Paragraphes «\u202fréponse d’abord\u202f»' },
        evidence: {
          en: 'The first paragraph answers the page’s question in 41 words.',
          fr: 'Le premier paragraphe répond à la question de la page en 41\u00a0mots.',
        },
      },
    ],
  },
  {
    id: 'technical',
    score: 66,
    items: [
      {
        id: 'llmsTxt',
        status: 'fail',
        title: { en: 'llms.txt file', fr: 'Fichier llms.txt' },
        evidence: { en: '/llms.txt answered 404.', fr: '/llms.txt a répondu 404.' },
        recommendation: {
          en: 'Publish /llms.txt: a short Markdown index of your key pages, written for language models.',
          fr: 'Publiez /llms.txt\u00a0: un court index Markdown de vos pages clés, écrit pour les modèles de langage.',
        },
      },
      {
        id: 'compression',
        status: 'warning',
        title: { en: 'Response compression', fr: 'Compression des réponses' },
        evidence: {
          en: 'The HTML (312\u00a0KB) was sent without compression.',
          fr: 'Le HTML (312\u00a0Ko) a été envoyé sans compression.',
        },
        recommendation: {
          en: 'Turn on gzip or Brotli for HTML, CSS and JavaScript on your server or CDN.',
          fr: 'Activez gzip ou Brotli pour le HTML, le CSS et le JavaScript sur votre serveur ou votre CDN.',
        },
      },
      {
        id: 'markdown',
        status: 'warning',
        title: { en: 'Markdown version', fr: 'Version Markdown' },
        evidence: {
          en: 'No Markdown alternate is linked from the page.',
          fr: 'La page ne renvoie vers aucune version Markdown.',
        },
        recommendation: {
          en: 'Offer each page as Markdown and link it with rel="alternate" type="text/markdown".',
          fr: 'Proposez chaque page en Markdown et liez-la avec rel="alternate" type="text/markdown".',
        },
      },
      {
        id: 'https',
        status: 'pass',
        title: { en: 'HTTPS', fr: 'HTTPS' },
        evidence: { en: 'The page is served over HTTPS.', fr: 'La page est servie en HTTPS.' },
      },
    ],
  },
];

export const SAMPLE_WEBSITE = 'https://www.bakery-example.com/';
export const SAMPLE_FAILING_WEBSITE = 'https://offline.bakery-example.com/';

/** A finished audit of `url`, in `lang`: overall 78, three failed checks and four warnings. */
export function sampleReport(url: string, lang: Lang): AuditReport {
  const categories: AuditCategory[] = SAMPLE.map((c) => ({
    id: c.id,
    score: c.score,
    status: c.score >= 90 ? 'excellent' : c.score >= 75 ? 'good' : 'needsWork',
    items: c.items.map((i) => ({
      id: i.id,
      status: i.status,
      title: i.title[lang],
      evidence: i.evidence[lang],
      ...(i.recommendation ? { recommendation: i.recommendation[lang] } : {}),
    })),
  }));
  return {
    url,
    finalUrl: url,
    auditedAt: '2025-03-01T09:30:00.000Z',
    overall: overallScore(categories),
    categories,
  };
}

/** The saved report the report email's sample names (32 hexadecimal digits, as every report id). */
export const SAMPLE_REPORT_ID = '5e1f0c2a9b7d4e3f8a6b1c0d2e4f6a8b';

/**
 * A saved report as the audit service reads it back (loadSavedReport): the sample audit with its
 * id, and what changed since an earlier report of the address (64 then, 78 now; two checks changed).
 */
export async function sampleSavedReport(id: string, lang: Lang): Promise<AuditReport | undefined> {
  if (id !== SAMPLE_REPORT_ID) return undefined;
  const report = sampleReport(SAMPLE_WEBSITE, lang);
  return {
    ...report,
    id,
    changes: {
      previous: { id: 'a'.repeat(32), auditedAt: '2025-02-01T09:30:00.000Z' },
      overall: { before: 64, after: report.overall },
      categories: report.categories.map((c) => ({ id: c.id, before: c.score - 10, after: c.score })),
      checks: [
        { id: 'robotsTxt', title: report.categories[0]!.items[1]!.title, before: 'fail', after: 'pass' },
        { id: 'https', title: report.categories[3]!.items[3]!.title, before: 'warning', after: 'pass' },
      ],
    },
  };
}

/** The audit as the previews run it: the failing address cannot be reached, the others succeed. */
export async function sampleAudit(url: string, lang: Lang): Promise<AuditOutcome> {
  if (url === SAMPLE_FAILING_WEBSITE) {
    return { ok: false, url, reason: 'unreachable', message: 'We could not connect to the site.' };
  }
  return { ok: true, report: sampleReport(url, lang) };
}

const NAMES: Record<Lang, string> = { en: 'Jane Smith', fr: 'Camille Durand' };
const MESSAGES: Record<Lang, string> = {
  en: 'Hello,\n\nWe run three bakeries in Lyon and want ChatGPT and Perplexity to mention us when people ask for the best croissants in town. Could you audit our site and tell us where to start?\n\nThanks,\nJane',
  fr: 'Bonjour,\n\nNous tenons trois boulangeries à Lyon et voulons que ChatGPT et Perplexity nous citent quand on leur demande les meilleurs croissants de la ville. Pouvez-vous auditer notre site et nous dire par où commencer\u202f?\n\nMerci,\nCamille',
};

/** One request of each kind, as the delivery worker builds them from stored leads. */
export function sampleRequests(lang: Lang) {
  const email = lang === 'en' ? 'jane@bakery-example.com' : 'camille@bakery-example.com';
  const base = { language: lang, recipient: email, deliveryId: `preview-${lang}` };
  const lead = <F extends Record<string, unknown>>(form: string, fields: F) => ({
    id: 1,
    form_type: form,
    email,
    phone: null,
    company: null,
    language: lang,
    source: 'preview',
    status: 'new',
    created_at: '2025-03-01T09:29:12.000Z',
    ...fields,
  });
  const recheckData = {
    form_type: 'recheck',
    website: SAMPLE_WEBSITE,
    recheck_id: 'c'.repeat(32),
    submitted_at: '2025-03-01T09:29:12.000Z',
  };
  /** A month's re-check email as the job enqueues it (src/server/recheck-job.ts): no lead row of its own. */
  const recheckMonth = (found: Record<string, string>): VisitorMailRequest => ({
    ...base,
    kind: 'recheck-report',
    form: 'recheck',
    lead: {
      email: base.recipient,
      language: lang,
      website: SAMPLE_WEBSITE,
      lead_data: {
        ...recheckData,
        checked_at: '2025-03-01T06:00:00.000Z',
        next_check_at: '2025-03-31T06:00:00.000Z',
        ...found,
      },
    },
  });
  return {
    waitlist: {
      ...base,
      kind: 'waitlist-confirmation',
      form: 'waitlist',
      lead: lead('waitlist', { name: NAMES[lang], website: SAMPLE_WEBSITE, service: null, message: null }),
    },
    'waitlist-failed': {
      ...base,
      kind: 'waitlist-confirmation',
      form: 'waitlist',
      lead: lead('waitlist', {
        name: NAME_NOT_PROVIDED,
        website: SAMPLE_FAILING_WEBSITE,
        service: null,
        message: null,
      }),
    },
    contact: {
      ...base,
      kind: 'contact-ack',
      form: 'contact',
      lead: lead('contact', {
        name: NAMES[lang],
        website: SAMPLE_WEBSITE,
        service: 'ai-visibility-audit',
        message: MESSAGES[lang],
      }),
    },
    newsletter: {
      ...base,
      kind: 'newsletter-optin',
      form: 'newsletter',
      lead: lead('newsletter', { name: null, website: null, service: null, message: null }),
    },
    report: {
      ...base,
      kind: 'report-summary',
      form: 'report',
      lead: lead('report', {
        name: null,
        website: SAMPLE_WEBSITE,
        service: null,
        message: null,
        lead_data: {
          form_type: 'report',
          website: SAMPLE_WEBSITE,
          report_id: SAMPLE_REPORT_ID,
          report_url: `https://geo-platform.example/${lang}/tools/report/${SAMPLE_REPORT_ID}`,
          submitted_at: '2025-03-01T09:29:12.000Z',
        },
      }),
    },
    // "Re-check monthly" asked while the report email waited: its confirm link rides in it (decision 067).
    'report-with-recheck': {
      ...base,
      kind: 'report-summary',
      form: 'report',
      lead: lead('report', {
        name: null,
        website: SAMPLE_WEBSITE,
        service: null,
        message: null,
        lead_data: {
          form_type: 'report',
          website: SAMPLE_WEBSITE,
          report_id: SAMPLE_REPORT_ID,
          report_url: `https://geo-platform.example/${lang}/tools/report/${SAMPLE_REPORT_ID}`,
          recheck_id: recheckData.recheck_id,
          submitted_at: '2025-03-01T09:29:12.000Z',
        },
      }),
    },
    'recheck-optin': {
      ...base,
      kind: 'recheck-optin',
      form: 'recheck',
      lead: lead('recheck', {
        name: null,
        website: SAMPLE_WEBSITE,
        service: null,
        message: null,
        lead_data: { ...recheckData, report_id: SAMPLE_REPORT_ID },
      }),
    },
    'recheck-report': recheckMonth({ report_id: SAMPLE_REPORT_ID, previous_report_id: 'a'.repeat(32) }),
    'recheck-failed': recheckMonth({
      report_id: SAMPLE_REPORT_ID,
      previous_report_id: SAMPLE_REPORT_ID,
      failure: 'timeout',
    }),
  } satisfies Record<string, VisitorMailRequest>;
}
