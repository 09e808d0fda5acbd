import { Monitor, Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { cycleThemeMode, useTheme, type ThemeMode } from '../../lib/site/theme';

const ICONS = { auto: Monitor, light: Sun, dark: Moon } as const;

/**
 * Cycles auto → light → dark; its name says the current mode ("Theme: auto"). With `showName` (the
 * mobile menu) it shows a label of its own ("Light mode"): the lowercase mode names only fit "Theme: …".
 */
export function ThemeToggle({ showName = false }: { showName?: boolean }) {
  const { t } = useTranslation();
  const { mode } = useTheme();
  const names: Record<ThemeMode, string> = {
    auto: t('nav.theme.auto'),
    light: t('nav.theme.light'),
    dark: t('nav.theme.dark'),
  };
  const label = t('nav.theme.label', { mode: names[mode] });
  const shown = t(`nav.theme.menu.${mode}`);
  const Icon = ICONS[mode];
  return (
    <Button
      variant="ghost"
      size={showName ? 'md' : 'icon'}
      onClick={cycleThemeMode}
      // A shown name starts the spoken one (WCAG 2.5.3: what is seen is what voice control says).
      aria-label={showName ? `${shown} — ${label}` : label}
      title={label}
      icon={<Icon />}
    >
      {showName ? shown : null}
    </Button>
  );
}
