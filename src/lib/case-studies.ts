// The guide's six industry playbooks. Figures are illustrative
// results of the method, stored as numbers here and formatted in the page language; the words
// (industry, strategies, timeline, focus, action items) live in the `guide` namespace under
// `caseStudies.items.{id}`.

import type { CopyReader } from '../i18n/copy.ts';
import type { Lang } from '../site.ts';
import { formatIncrease } from './format.ts';

export const CASE_STUDY_IDS = [
  'b2b-saas',
  'ecommerce',
  'healthcare',
  'financial-services',
  'professional-services',
  'travel-hospitality',
] as const;
export type CaseStudyId = (typeof CASE_STUDY_IDS)[number];

export type Complexity = 'low' | 'medium' | 'high';

/** Percentage increases, e.g. 340 for "+340%". */
export interface CaseStudyFigures {
  citationIncrease: number;
  aiMentions: number;
  trafficGrowth: number;
  conversionLift: number;
}

export const METRIC_KEYS = [
  'citationIncrease',
  'aiMentions',
  'trafficGrowth',
  'conversionLift',
] as const satisfies readonly (keyof CaseStudyFigures)[];

export const CASE_STUDY_FIGURES: Record<CaseStudyId, { metrics: CaseStudyFigures; complexity: Complexity }> =
  {
    'b2b-saas': {
      metrics: { citationIncrease: 340, aiMentions: 285, trafficGrowth: 156, conversionLift: 42 },
      complexity: 'medium',
    },
    ecommerce: {
      metrics: { citationIncrease: 280, aiMentions: 310, trafficGrowth: 124, conversionLift: 38 },
      complexity: 'high',
    },
    healthcare: {
      metrics: { citationIncrease: 220, aiMentions: 190, trafficGrowth: 98, conversionLift: 31 },
      complexity: 'high',
    },
    'financial-services': {
      metrics: { citationIncrease: 260, aiMentions: 230, trafficGrowth: 112, conversionLift: 35 },
      complexity: 'high',
    },
    'professional-services': {
      metrics: { citationIncrease: 300, aiMentions: 240, trafficGrowth: 135, conversionLift: 47 },
      complexity: 'medium',
    },
    'travel-hospitality': {
      metrics: { citationIncrease: 250, aiMentions: 270, trafficGrowth: 142, conversionLift: 29 },
      complexity: 'medium',
    },
  };

/** A case study as pages show it: industry, metrics as display strings ("+340%") and strategies. */
export interface CaseStudy {
  id: CaseStudyId;
  industry: string;
  metrics: Record<keyof CaseStudyFigures, string>;
  keyStrategies: string[];
  implementation: { timeline: string; complexity: string; keyFocus: string };
  actionItems: string[];
}

/** How many strategies and action items a card shows; the rest are counted in "+N more". */
export const STRATEGIES_SHOWN = 3;
export const ACTIONS_SHOWN = 2;

export interface CaseStudyPreview {
  strategies: string[];
  actions: string[];
  /** Strategies and action items not shown on the card, together. */
  more: number;
}

export function previewCaseStudy(study: Pick<CaseStudy, 'keyStrategies' | 'actionItems'>): CaseStudyPreview {
  const strategies = study.keyStrategies.slice(0, STRATEGIES_SHOWN);
  const actions = study.actionItems.slice(0, ACTIONS_SHOWN);
  return {
    strategies,
    actions,
    more: study.keyStrategies.length - strategies.length + (study.actionItems.length - actions.length),
  };
}

/** The words a case study needs from the `guide` namespace (`caseStudies.items.{id}`). */
export interface CaseStudyCopy {
  industry: string;
  summary: string;
  keyStrategies: string[];
  timeline: string;
  keyFocus: string;
  actionItems: string[];
}

/** Joins the figures and the translated copy into a CaseStudy. */
export function buildCaseStudy(
  id: CaseStudyId,
  copy: CaseStudyCopy,
  lang: Lang,
  complexityLabel: (c: Complexity) => string,
): CaseStudy {
  const { metrics, complexity } = CASE_STUDY_FIGURES[id];
  return {
    id,
    industry: copy.industry,
    metrics: {
      citationIncrease: formatIncrease(metrics.citationIncrease, lang),
      aiMentions: formatIncrease(metrics.aiMentions, lang),
      trafficGrowth: formatIncrease(metrics.trafficGrowth, lang),
      conversionLift: formatIncrease(metrics.conversionLift, lang),
    },
    keyStrategies: copy.keyStrategies,
    implementation: {
      timeline: copy.timeline,
      complexity: complexityLabel(complexity),
      keyFocus: copy.keyFocus,
    },
    actionItems: copy.actionItems,
  };
}

/** A case study as the guide shows it: a CaseStudy plus its one-line scenario. */
export interface GuideCaseStudy extends CaseStudy {
  summary: string;
}

/** Reads the six case studies from the `guide` namespace, in the order of CASE_STUDY_IDS. */
export function readCaseStudies(copy: CopyReader<'guide'>, lang: Lang): GuideCaseStudy[] {
  const label = (c: Complexity) => copy(`caseStudies.complexityLevels.${c}`);
  return CASE_STUDY_IDS.map((id) => {
    const study = copy(`caseStudies.items.${id}`);
    return { ...buildCaseStudy(id, study, lang, label), summary: study.summary };
  });
}
