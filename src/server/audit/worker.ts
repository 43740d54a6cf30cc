import { analyze } from './analyze.ts';
import { browserChallenge } from './read/challenge.ts';
import { markdownAlternateOf } from './read/html.ts';
import type { AuditInput, CategoryFindings } from './types.ts';

// The audit's CPU work, run in a worker thread of the analysis pool (analysis.ts): everything that
// parses what the audited site sent. A hostile page can make it slow or hungry, never the server's
// event loop: the pool ends a task that outlives its deadline or its memory by ending its thread.

export type AnalysisTask =
  | { kind: 'discover'; html: string; status: number; finalUrl: string }
  | { kind: 'analyze'; input: AuditInput };

/** What the page says before the rest is fetched: its Markdown alternate, or that it is a challenge. */
export interface Discovery {
  markdownAlternate: string | undefined;
  challenge: string | undefined;
}

export function discover(html: string, status: number, finalUrl: string): Discovery {
  const challenge = browserChallenge(status, html);
  return { challenge, markdownAlternate: challenge ? undefined : markdownAlternateOf(html, finalUrl) };
}

/** One task, as the pool's threads run it. */
export default function runTask(task: AnalysisTask): Discovery | CategoryFindings[] {
  return task.kind === 'discover' ? discover(task.html, task.status, task.finalUrl) : analyze(task.input);
}
