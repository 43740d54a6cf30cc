import type { CrawlerEntry } from './visitor.ts';

/**
 * The site's AI-training policy, stated once and published in robots.txt, ai.txt, the X-Robots-Tag
 * header and page metadata.
 * - allow: every crawler may read, cite and train on the content;
 * - opt-out-commercial (the default): search engines and assistants may read and cite,
 *   crawlers that collect training data are refused;
 * - opt-out: as above, and the content is marked `noai` for any other use.
 */
export const AI_TRAINING_POLICIES = ['allow', 'opt-out-commercial', 'opt-out'] as const;
export type AiTrainingPolicy = (typeof AI_TRAINING_POLICIES)[number];
export const DEFAULT_AI_TRAINING_POLICY: AiTrainingPolicy = 'opt-out-commercial';

/** Whether a catalogue agent may crawl the site under the policy. */
export function crawlerAllowed(policy: AiTrainingPolicy, crawler: CrawlerEntry): boolean {
  if (policy === 'allow') return true;
  return crawler.category !== 'training';
}

/**
 * X-Robots-Tag for a response, or null when nothing needs saying: under opt-out every response says
 * noai; under opt-out-commercial only responses to training crawlers do (search engines and
 * assistants are welcome to read and cite).
 */
export function robotsTagFor(policy: AiTrainingPolicy, visitorCategory: string): string | null {
  if (policy === 'opt-out') return 'noai, noimageai';
  if (policy === 'opt-out-commercial' && visitorCategory === 'training') return 'noai, noimageai';
  return null;
}
