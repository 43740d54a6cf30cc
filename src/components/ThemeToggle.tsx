import type { Theme } from '../lib/preferences.ts';
import { MonitorIcon, MoonIcon, SunIcon } from './Icons.tsx';
import { useT } from '../i18n/hooks.ts';
import { useTheme } from './theme.ts';

const NEXT: Record<Theme, Theme> = { system: 'light', light: 'dark', dark: 'system' };
const ICONS = { light: SunIcon, dark: MoonIcon, system: MonitorIcon } as const;

/** Cycles light → dark → system. The head script applies the stored choice before paint: no flash. */
export function ThemeToggle() {
  const { t } = useT('common');
  const [theme, setTheme] = useTheme();
  const Icon = ICONS[theme];
  return (
    <button
      type="button"
      className="btn btn-ghost btn-icon"
      data-theme-choice={theme}
      aria-label={t('theme.switchTo', { name: t(`theme.${theme}`) })}
      title={t('theme.switchTo', { name: t(`theme.${theme}`) })}
      onClick={() => setTheme(NEXT[theme])}
    >
      <Icon />
    </button>
  );
}
