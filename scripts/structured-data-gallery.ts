// Measures the audit's structured data validation (src/server/audit/structured/, decision 058)
// against @adobe/structured-data-validator on that project's gallery of valid and invalid cases:
//
//   node --import tsx scripts/structured-data-gallery.ts <gallery folder> <schemaorg-current-https.jsonld>
//
// The gallery is the `gallery/` folder of the adobe/structured-data-validator repository (it is not
// in the npm package); the release file is the one schemaorg/README.md names. Each case (a JSON-LD
// `.json` file, or a microdata or RDFa `.html` page) is read by both: Adobe's verdict is "invalid"
// when its validator reports an ERROR, ours when ours gives an error-severity finding or a
// diagnostic. The figure is how often the two agree, and the cases where they differ are listed.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import Validator from '@adobe/structured-data-validator';
import WebAutoExtractor from '@marbec/web-auto-extractor';
import { parseMarkup } from '../src/server/audit/read/markup.ts';
import { readStructuredData } from '../src/server/audit/structured/read.ts';
import { validate } from '../src/server/audit/structured/validate.ts';

const [galleryDir, releasePath] = process.argv.slice(2);
if (!galleryDir || !releasePath) {
  console.error(
    'usage: scripts/structured-data-gallery.ts <gallery folder> <schemaorg-current-https.jsonld>',
  );
  process.exit(1);
}
const schemaOrgJson: unknown = JSON.parse(readFileSync(releasePath, 'utf8'));

function casesIn(dir: string): string[] {
  return (
    readdirSync(dir)
      .flatMap((name) => {
        const file = path.join(dir, name);
        return statSync(file).isDirectory() ? casesIn(file) : [file];
      })
      // "-failure.json" files are Google Rich Results Test outputs kept beside the cases, not cases.
      .filter((file) => /\.(json|html)$/.test(file) && !file.endsWith('-failure.json'))
      .sort()
  );
}

function pageOf(file: string): string {
  const text = readFileSync(file, 'utf8');
  if (file.endsWith('.html')) return text;
  return `<!doctype html><html><head><script type="application/ld+json">${text}</script></head><body></body></html>`;
}

interface AdobeIssue {
  severity: string;
  issueMessage: string;
}

async function adobeVerdict(html: string): Promise<{ invalid: boolean; errors: string[] }> {
  const extracted = new WebAutoExtractor({ addLocation: true, embedSource: false }).parse(html);
  const issues = (await new Validator(schemaOrgJson).validate(extracted)) as AdobeIssue[];
  const errors = issues.filter((i) => i.severity === 'ERROR').map((i) => i.issueMessage);
  return { invalid: errors.length > 0, errors };
}

function ourVerdict(html: string): { invalid: boolean; flagged: boolean; errors: string[] } {
  const { document } = parseMarkup(html, 'html');
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => m[1]!,
  );
  const data = readStructuredData({ document, jsonLd, baseUrl: 'https://example.com/page' });
  const findings = validate(data.entities);
  const errors = [
    ...data.diagnostics.map((d) => `diagnostic ${d.problem}`),
    ...findings
      .filter((f) => f.severity === 'error')
      .map((f) => `${f.rule} ${JSON.stringify(f.message.values)}`),
  ];
  return { invalid: errors.length > 0, flagged: errors.length > 0 || findings.length > 0, errors };
}

/**
 * The case's own label, from its file name: "valid…" cases should pass, "invalid…", "missing…"
 * and "…_no_…" cases should be flagged; other names (only_offers, with-contentUrl…) say neither.
 */
function labelOf(file: string): 'valid' | 'invalid' | undefined {
  const name = path.basename(file);
  if (/(^|-)invalid|^missing|_missing|no_/.test(name)) return 'invalid';
  if (/(^|-)valid/.test(name)) return 'valid';
  return undefined;
}

const cases = casesIn(galleryDir);
const byLabel = { valid: 0, invalid: 0, validPassed: 0, invalidFlagged: 0 };
const labelMisses: string[] = [];
let agree = 0;
const misses: string[] = [];
const counts = { adobeInvalid: 0, adobeValid: 0, flaggedInvalid: 0, passedValid: 0 };
for (const file of cases) {
  const html = pageOf(file);
  const adobe = await adobeVerdict(html);
  const ours = ourVerdict(html);
  if (adobe.invalid) counts.adobeInvalid++;
  else counts.adobeValid++;
  if (adobe.invalid && ours.invalid) counts.flaggedInvalid++;
  if (!adobe.invalid && !ours.invalid) counts.passedValid++;
  const label = labelOf(file);
  if (label) {
    byLabel[label]++;
    // An invalid case is caught by any finding (many name a missing recommended property, a
    // warning in Adobe's validator too); a valid one must get no error.
    const right = label === 'invalid' ? ours.flagged : !ours.invalid;
    if (right) byLabel[label === 'valid' ? 'validPassed' : 'invalidFlagged']++;
    else
      labelMisses.push(
        `${path.relative(galleryDir, file)} (${label}): ours ${ours.errors.slice(0, 2).join('; ') || 'none'}`,
      );
  }
  if (adobe.invalid === ours.invalid) agree++;
  else {
    const name = path.relative(galleryDir, file);
    misses.push(
      adobe.invalid
        ? `${name}: Adobe ERROR (${adobe.errors.slice(0, 2).join('; ')}), ours none`
        : `${name}: ours ${ours.errors.slice(0, 2).join('; ')}, Adobe no error`,
    );
  }
}
const percent = (n: number, d: number) => `${((100 * n) / Math.max(d, 1)).toFixed(1)}%`;
console.log(`${cases.length} cases; agreement ${agree}/${cases.length} (${percent(agree, cases.length)})`);
console.log(
  `invalid per Adobe flagged by us: ${counts.flaggedInvalid}/${counts.adobeInvalid} (${percent(counts.flaggedInvalid, counts.adobeInvalid)})`,
);
console.log(
  `valid per Adobe passed by us: ${counts.passedValid}/${counts.adobeValid} (${percent(counts.passedValid, counts.adobeValid)})`,
);
for (const miss of misses) console.log(`- ${miss}`);
const labelled = byLabel.valid + byLabel.invalid;
const right = byLabel.validPassed + byLabel.invalidFlagged;
console.log(
  `\nBy the cases' own names: ${right}/${labelled} right (${percent(right, labelled)}); valid passed ${byLabel.validPassed}/${byLabel.valid}, invalid flagged ${byLabel.invalidFlagged}/${byLabel.invalid}`,
);
for (const miss of labelMisses) console.log(`- ${miss}`);
