import { Piscina } from 'piscina';
import type { PageFacts } from './site-pages.ts';
import type { AuditInput, FetchedResource, FetchOutcome } from './types.ts';
import type { AgentVerdict } from './read/robots.ts';
import type { Analysed, AnalysisTask, Discovery, RobotsAsk } from './worker.ts';

// Where the audit's analysis runs: in a small pool of worker threads (piscina), so that parsing a
// hostile page can neither block the event loop that serves every visitor nor exhaust the process's
// heap. Each task has a deadline (the audit's own) and each thread a memory ceiling; a task past
// either ends its thread, and the audit reports the page as too complex. Decision 022.

export interface Analysis {
  /** What the page says before the rest is fetched: its Markdown alternate, or that it is a challenge. */
  discover(page: FetchedResource, signal: AbortSignal): Promise<Discovery>;
  /** Every check of the audit on the fetched resources; with candidates, a site audit's other pages. */
  analyze(input: AuditInput, withCandidates: boolean, signal: AbortSignal): Promise<Analysed>;
  /** One more page of a site audit: its score on the checks it can be given, and its facts. */
  page(input: AuditInput, signal: AbortSignal): Promise<PageFacts>;
  /** robots.txt's verdict on each address for its agent (read in a thread, like the rest of the site's files). */
  verdicts(robots: FetchOutcome, asks: RobotsAsk[], signal: AbortSignal): Promise<AgentVerdict[]>;
  /** The same-origin addresses an llms.txt's file lists link to, in file order (read/llms-txt.ts). */
  llmsLinks(llms: FetchedResource, origin: string, signal: AbortSignal): Promise<string[]>;
  close(): Promise<void>;
}

/** A task that did not finish: past its deadline, out of memory, or its thread failed. */
export class AnalysisFailed extends Error {
  constructor(cause: unknown) {
    super(`analysis failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

export interface WorkerModule {
  /** The worker's module: dist/server/audit-worker.js in production, worker.ts from the sources. */
  file: string;
  /** Node flags of the threads (`--import tsx` to run the TypeScript sources). */
  execArgv: string[];
}

export interface AnalysisPoolOptions {
  worker: WorkerModule;
  /** Threads at most; none is kept while the pool is idle. */
  threads: number;
  /** Heap ceiling of each thread, in MB (old generation). */
  memoryMb: number;
}

/** Threads left idle this long end, so an idle server holds no analysis memory. */
const IDLE_MS = 30_000;

export function createAnalysisPool(options: AnalysisPoolOptions): Analysis {
  const pool = new Piscina<AnalysisTask, unknown>({
    filename: options.worker.file,
    execArgv: options.worker.execArgv,
    minThreads: 0,
    maxThreads: options.threads,
    idleTimeout: IDLE_MS,
    // One task per thread: a slow task never delays another in the same thread.
    concurrentTasksPerWorker: 1,
    resourceLimits: {
      maxOldGenerationSizeMb: options.memoryMb,
      maxYoungGenerationSizeMb: 16,
      stackSizeMb: 4,
    },
  });
  const run = async <T>(task: AnalysisTask, signal: AbortSignal): Promise<T> => {
    try {
      return (await pool.run(task, { signal })) as T;
    } catch (error) {
      throw new AnalysisFailed(error);
    }
  };
  return {
    discover: (page, signal) =>
      run({ kind: 'discover', html: page.body, status: page.status, finalUrl: page.finalUrl }, signal),
    analyze: (input, withCandidates, signal) => run({ kind: 'analyze', input, withCandidates }, signal),
    page: (input, signal) => run({ kind: 'page', input }, signal),
    verdicts: (robots, asks, signal) => run({ kind: 'verdicts', robots, asks }, signal),
    llmsLinks: (llms, origin, signal) =>
      run({ kind: 'llmsLinks', text: llms.body, fileUrl: llms.finalUrl, origin }, signal),
    close: () => pool.destroy(),
  };
}
