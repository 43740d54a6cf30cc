// `npm test`'s checks before the tests, at the same time rather than one after the other: ESLint and
// Prettier, the type check, and (in order, since the build needs what the prerequisites install) the
// programs the tests need, the dependency audit and the build. Each is one process on one core; on a
// 2-core machine running them side by side saves about half a minute of every run (decision 055).
// Each group's output is printed whole when it ends, so that lines do not interleave; the script fails
// when any group fails, after all have ended.
import { spawn } from 'node:child_process';

const GROUPS = [
  ['npm run lint'],
  ['npm run typecheck'],
  ['node scripts/test-prereqs.mjs', 'node scripts/audit.mjs', 'node scripts/ensure-build.mjs'],
];

/** Runs the commands one after the other, stopping at the first that fails: its exit code and output. */
async function runGroup(commands) {
  let output = '';
  for (const command of commands) {
    output += `> ${command}\n`;
    const code = await new Promise((resolve) => {
      const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
      child.on('close', (c) => resolve(c ?? 1));
    });
    if (code !== 0) return { code, output: `${output}${command} failed (exit ${code})\n` };
  }
  return { code: 0, output };
}

const results = await Promise.all(
  GROUPS.map((group) =>
    runGroup(group).then((result) => {
      process.stdout.write(result.output);
      return result.code;
    }),
  ),
);
process.exitCode = results.some((code) => code !== 0) ? 1 : 0;
