import { useT } from '../../i18n/hooks.ts';
import { BLOCKED_SCORE_CAP, SCORE_GREEN_FROM, SCORE_YELLOW_FROM } from '../../lib/audit.ts';
import { CheckList } from '../sections/PageBlocks.tsx';
import { Section } from '../Primitives.tsx';

/** How the audit turns checks into scores (decision 023), with the figures the code uses. */
export function AuditScoring() {
  const { t, copy } = useT('tools');
  const points = copy('scoring.points', {
    cap: BLOCKED_SCORE_CAP,
    green: SCORE_GREEN_FROM,
    yellow: SCORE_YELLOW_FROM,
    belowGreen: SCORE_GREEN_FROM - 1,
  });
  return (
    <Section id="scoring" title={t('scoring.title')} lead={t('scoring.lead')} narrow>
      <CheckList items={points} iconSize={18} className="grid gap-3" />
    </Section>
  );
}
