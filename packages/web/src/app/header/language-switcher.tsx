import { Languages } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { LANGUAGE_NAMES, currentLanguage, isLanguage } from '../../lib/site/i18n';

const loadMenu = () => import('./language-menu');
const LanguageMenu = lazy(() => loadMenu().then((module) => ({ default: module.LanguageMenu })));

/**
 * The language menu's button; the trigger is named "Language"/"语言" and shows the current choice. The menu itself
 * (Radix, ~11 KiB) loads when the button is first pointed at, focused or pressed (issue 30: a visitor reading a paste
 * does not download it), and opens at once when the press loaded it.
 */
export function LanguageSwitcher({ showName = false }: { showName?: boolean }) {
  const { t, i18n } = useTranslation();
  const [opened, setOpened] = useState(false);
  const language = isLanguage(i18n.language) ? i18n.language : currentLanguage();
  const button = (
    <Button
      variant="ghost"
      size={showName ? 'md' : 'icon'}
      // A shown name starts the spoken one (WCAG 2.5.3).
      aria-label={showName ? `${LANGUAGE_NAMES[language]} — ${t('nav.language')}` : t('nav.language')}
      aria-haspopup="menu"
      aria-expanded={false}
      title={t('nav.language')}
      icon={<Languages />}
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      onClick={() => setOpened(true)}
    >
      {showName ? LANGUAGE_NAMES[language] : null}
    </Button>
  );
  if (!opened) return button;
  return (
    <Suspense fallback={button}>
      <LanguageMenu showName={showName} defaultOpen />
    </Suspense>
  );
}
