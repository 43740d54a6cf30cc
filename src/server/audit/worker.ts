import { analyze } from './analyze.ts';
import { markdownAlternateOf } from './read/html.ts';
import type { AuditInput, CategoryFindings } from './types.ts';

// The audit's CPU work, run in a worker thread of the analysis pool (analysis.ts): everything that
// parses what the audited site sent. A hostile page can make it slow or hungry, never the server's
// event loop: the pool ends a task that outlives its deadline or its memory by ending its thread.

export type AnalysisTask =
  { kind: 'alternate'; html: string; finalUrl: string } | { kind: 'analyze'; input: AuditInput };

/** One task, as the pool's threads run it. */
export default function runTask(task: AnalysisTask): string | undefined | CategoryFindings[] {
  return task.kind === 'alternate' ? markdownAlternateOf(task.html, task.finalUrl) : analyze(task.input);
}
