// `npm run audit`: fails when a production dependency has a high or critical advisory.
// Exceptions, if ever needed, are listed in ALLOWED with the decision record that explains them.
// When the registry's advisory service cannot be reached (offline, or a mirror without it), this says
// so plainly and does not fail: the check is then not done, and the message makes that visible.
import { spawnSync } from 'node:child_process';

/** Advisory ids (GHSA-…) accepted on purpose, each with the decision record that explains why. */
const ALLOWED = new Map([]);

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8' });
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  console.warn(
    `npm audit: no report (${(run.stderr || 'no output').trim().split('\n').pop()}); dependency audit NOT done.`,
  );
  process.exit(0);
}
if (report.statusCode || report.error || !report.vulnerabilities) {
  const why = report.message ?? report.error?.summary ?? 'unexpected answer';
  console.warn(`npm audit: the advisory service is unavailable (${why}); dependency audit NOT done.`);
  process.exit(0);
}

const serious = [];
for (const [name, vuln] of Object.entries(report.vulnerabilities)) {
  if (vuln.severity !== 'high' && vuln.severity !== 'critical') continue;
  const advisories = vuln.via.filter((v) => typeof v === 'object');
  const unexplained = advisories.filter(
    (a) =>
      !ALLOWED.has(
        String(a.url ?? '')
          .split('/')
          .pop(),
      ),
  );
  if (advisories.length === 0 || unexplained.length > 0) {
    serious.push(
      `${vuln.severity} ${name}: ${unexplained.map((a) => `${a.title} (${a.url})`).join('; ') || 'through ' + vuln.via.join(', ')}`,
    );
  }
}
const counts = report.metadata?.vulnerabilities ?? {};
console.log(`npm audit (production dependencies): ${JSON.stringify(counts)}`);
if (serious.length) {
  console.error(`High or critical advisories without a decision record:\n- ${serious.join('\n- ')}`);
  process.exit(1);
}
