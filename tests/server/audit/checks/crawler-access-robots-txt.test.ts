import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { agentVerdict, readRobots } from '../../../../src/server/audit/read/robots.ts';
import { find, keysOf, ORIGIN, text, withRobots } from '../../../fixtures/audit-inputs.ts';
import { resource } from '../../../fixtures/audit-resources.ts';

// The robots.txt item names the real fault of each line, with its number and the RFC 9309 rule, in
// both languages (issue 37, item 5). What each parser does with a product token outside the grammar
// was checked by running the three on these files: google/robotstxt's robots_main built from source
// (22b355ff8554), robots-parser 3.0.1 and Python 3.11's urllib.robotparser (decision 065).

const NNBSP = '\u202f';
const NBSP = '\u00a0';
/** French guillemets as the locale writes them: narrow no-break spaces inside. */
const q = (s: string) => `«${NNBSP}${s}${NNBSP}»`;

const REAL = readFileSync('tests/fixtures/robots/ai-robots-txt.txt', 'utf8');

describe('robotsTxt: product tokens outside RFC 9309’s grammar', () => {
  // The case: a User-agent line whose token holds a digit (here first, as in 80legs), and
  // the audit said the rule after it "comes before any User-agent line".
  const file = 'User-agent: *\nDisallow: /cart\nAllow: /\n\nUser-agent: 80legs\nDisallow: /\n';

  it('names the token, not a rule outside any group', () => {
    const finding = find(withRobots(file), 'robotsTxt');
    expect(finding.status).toBe('warning');
    expect(keysOf(finding)).toEqual(['items.robotsTxt.evidence.found', 'items.robotsTxt.evidence.tokenNone']);
  });

  it('says in English which parsers apply the group to the name as written', () => {
    expect(text(withRobots(file), 'robotsTxt').evidence).toBe(
      'robots.txt answered 200 with 6 lines. Line 5: “80legs” is not a valid product token, as ' +
        'RFC 9309 §2.2.1 allows only letters, “-” and “_”. Google’s parser reads no name in it and ' +
        'applies the group to no crawler; robots-parser (Node.js) and Python’s urllib.robotparser ' +
        'compare the whole name and apply it to “80legs”.',
    );
  });

  it('says it in French, with French typography', () => {
    expect(text(withRobots(file), 'robotsTxt', 'fr').evidence).toBe(
      `Le robots.txt a répondu 200 avec 6${NBSP}lignes. Ligne 5${NBSP}: ${q('80legs')} n’est pas un ` +
        `nom de robot (product token) valide, la RFC 9309 (section 2.2.1) n’admettant que des lettres, ` +
        `${q('-')} et ${q('_')}. L’analyseur de Google n’y lit aucun nom et n’applique le groupe à aucun ` +
        `robot${NNBSP}; robots-parser (Node.js) et urllib.robotparser de Python comparent le nom entier ` +
        `et l’appliquent à ${q('80legs')}.`,
    );
  });

  it('says what Google reads of a token cut short, and of a version, in both languages', () => {
    const cut = withRobots('User-agent: AI2Bot\nUser-agent: MistralAI-User/1.0\nDisallow: /\n');
    const en = text(cut, 'robotsTxt').evidence;
    expect(en).toContain(
      'Line 1: “AI2Bot” is not a valid product token, as RFC 9309 §2.2.1 allows only letters, “-” ' +
        'and “_”. Google’s parser reads only “AI” and applies the group to that name; robots-parser ' +
        '(Node.js) and Python’s urllib.robotparser compare the whole name and apply it to “AI2Bot”.',
    );
    expect(en).toContain(
      'Line 2: “MistralAI-User/1.0” adds a version to the product token, which RFC 9309 §2.2.1 does ' +
        'not allow (letters, “-” and “_” only). Google’s parser and robots-parser (Node.js) drop it ' +
        'and read “MistralAI-User”; Python’s urllib.robotparser compares the whole value and applies ' +
        'the group to no crawler.',
    );
    const fr = text(cut, 'robotsTxt', 'fr').evidence;
    expect(fr).toContain(
      `L’analyseur de Google n’en lit que ${q('AI')} et applique le groupe à ce nom${NNBSP}; ` +
        `robots-parser (Node.js) et urllib.robotparser de Python comparent le nom entier et ` +
        `l’appliquent à ${q('AI2Bot')}.`,
    );
    expect(fr).toContain(
      `Ligne 2${NBSP}: ${q('MistralAI-User/1.0')} ajoute une version au nom du robot (product token)`,
    );
    expect(text(cut, 'robotsTxt', 'fr').recommendation).toContain(
      'ceux qui reprennent le code de Google ne trouvent jamais ce groupe',
    );
  });

  it('reads ai.robots.txt’s real block list as Google’s parser does', () => {
    const finding = find(withRobots(REAL), 'robotsTxt');
    expect(finding.status).toBe('warning');
    // 21 values outside the grammar: the first five quoted, the others counted.
    expect(finding.evidence.slice(1).map((m) => [m.key.split('.').at(-1), m.values])).toEqual([
      ['tokenCut', { line: 3, field: 'AI2Bot', read: 'AI' }],
      ['tokenCut', { line: 4, field: 'AI2Bot-DeepResearchEval', read: 'AI' }],
      ['tokenCut', { line: 5, field: 'Ai2Bot-Dolma', read: 'Ai' }],
      ['tokenCut', { line: 26, field: 'bigsur.ai', read: 'bigsur' }],
      ['tokenCut', { line: 29, field: 'Brightbot 1.0', read: 'Brightbot' }],
      ['moreProblems', { count: 16 }],
    ]);
    // robots_main on this file: DISALLOWED for the first six, ALLOWED for the last six.
    const state = readRobots(resource(`${ORIGIN}/robots.txt`, REAL));
    const allowed = (agent: string) => agentVerdict(state, `${ORIGIN}/x`, agent).allowed;
    for (const agent of ['GPTBot', 'iaskspider', 'MistralAI-User', 'Brightbot', 'AI', 'img'])
      expect(allowed(agent), agent).toBe(false);
    for (const agent of ['AI2Bot', 'img2dataset', 'Crawl4AI', 'Channel3Bot', 'Googlebot', 'Bingbot'])
      expect(allowed(agent), agent).toBe(true);
  });
});

describe('robotsTxt: rules outside any group, typos', () => {
  it('names a rule before the first User-agent line, with RFC 9309 §2.2.2, in both languages', () => {
    const input = withRobots('Disallow: /private\n\nUser-agent: *\nAllow: /\n');
    expect(find(input, 'robotsTxt').status).toBe('warning');
    expect(text(input, 'robotsTxt').evidence).toContain(
      'Line 1: this “Disallow” rule comes before the first User-agent line, so it belongs to no ' +
        'group: RFC 9309 §2.2.2 tells crawlers to ignore such rules, and it applies to no crawler.',
    );
    expect(text(input, 'robotsTxt', 'fr').evidence).toContain(
      `Ligne 1${NBSP}: cette règle ${q('Disallow')} précède la première ligne User-agent et ` +
        `n’appartient donc à aucun groupe${NBSP}: la RFC 9309 (section 2.2.2) demande aux robots ` +
        `d’ignorer ces règles, elle ne s’applique à aucun robot.`,
    );
  });

  it('names a field no crawler reads that is two edits from a protocol field', () => {
    const input = withRobots('User-agent: *\nDsallow: /private\n');
    expect(find(input, 'robotsTxt').status).toBe('warning');
    expect(text(input, 'robotsTxt').evidence).toContain(
      'Line 2: “Dsallow” is a field no crawler reads; it looks like a misspelling of “Disallow”',
    );
    expect(text(input, 'robotsTxt', 'fr').evidence).toContain(
      `Ligne 2${NBSP}: ${q('Dsallow')} est un champ qu’aucun robot ne lit${NNBSP}; on dirait ` +
        `${q('Disallow')} mal orthographié`,
    );
  });
});

describe('robotsTxt: records outside the protocol (RFC 9309 §2.2.4)', () => {
  const file = [
    'User-agent: *',
    'Crawl-delay: 5',
    'Disallow: /cart',
    'X-Robots: none',
    '',
    'User-agent: Yandex',
    'Crawl-delay: 2',
    'Clean-param: ref /books/',
    'Disallow: /cart',
  ].join('\n');

  it('passes, and says what engines do with each kind, with its lines', () => {
    const finding = find(withRobots(file), 'robotsTxt');
    expect(finding.status).toBe('pass');
    expect(finding.evidence.slice(1).map((m) => [m.key, m.values?.lines])).toEqual([
      ['items.robotsTxt.evidence.record.crawlDelay', '2, 7'],
      ['items.robotsTxt.evidence.record.unknown', '4'],
      ['items.robotsTxt.evidence.record.cleanParam', '8'],
    ]);
    expect(text(withRobots(file), 'robotsTxt').evidence).toBe(
      'robots.txt answered 200 with 9 lines. Lines 2, 7: Crawl-delay is not part of RFC 9309, ' +
        'which lets crawlers read other records (§2.2.4): Bing honors it, Yandex has ignored it ' +
        'since February 22, 2018 (its crawl rate is set in Yandex Webmaster), and Google ignores it. ' +
        'Line 4: “X-Robots” is not part of RFC 9309 and no major engine documents reading it: ' +
        'the protocol allows such lines (§2.2.4) and crawlers skip them, so it has no effect. ' +
        'Line 8: Clean-param is not part of RFC 9309, which lets crawlers read other records ' +
        '(§2.2.4): Yandex reads it to drop address parameters that do not change the page; other ' +
        'engines ignore it.',
    );
  });

  it('says it in French', () => {
    expect(text(withRobots(file), 'robotsTxt', 'fr').evidence).toBe(
      `Le robots.txt a répondu 200 avec 9${NBSP}lignes. Lignes 2, 7${NBSP}: Crawl-delay ne fait pas ` +
        `partie de la RFC 9309, qui permet aux robots de lire d’autres enregistrements (section ` +
        `2.2.4)${NBSP}: Bing le respecte, Yandex l’ignore depuis le 22 février 2018 (sa vitesse ` +
        `d’exploration se règle dans Yandex Webmaster) et Google l’ignore. Ligne 4${NBSP}: ${q('X-Robots')} ` +
        `ne fait pas partie de la RFC 9309 et aucun grand moteur ne documente sa lecture${NBSP}: le ` +
        `protocole admet ces lignes (section 2.2.4) et les robots les ignorent, elle n’a donc aucun ` +
        `effet. Ligne 8${NBSP}: Clean-param ne fait pas partie de la RFC 9309, qui permet aux robots ` +
        `de lire d’autres enregistrements (section 2.2.4)${NBSP}: Yandex le lit pour écarter les ` +
        `paramètres d’adresse qui ne changent pas la page${NNBSP}; les autres moteurs l’ignorent.`,
    );
  });
});
