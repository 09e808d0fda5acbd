import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { LANGUAGES, LANGUAGE_NAMES, currentLanguage, isLanguage, setLanguage } from '../../lib/site/i18n';

/** The Radix language menu (loaded by language-switcher.tsx when first wanted), open from the start when asked. */
export function LanguageMenu({ showName = false, defaultOpen = false }: { showName?: boolean; defaultOpen?: boolean }) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : currentLanguage();
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size={showName ? 'md' : 'icon'}
          // A shown name starts the spoken one (WCAG 2.5.3).
          aria-label={showName ? `${LANGUAGE_NAMES[language]} — ${t('nav.language')}` : t('nav.language')}
          title={t('nav.language')}
          icon={<Languages />}
        >
          {showName ? LANGUAGE_NAMES[language] : null}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuRadioGroup value={language} onValueChange={(value) => isLanguage(value) && setLanguage(value)}>
          {LANGUAGES.map((code) => (
            <DropdownMenuRadioItem key={code} value={code} lang={code}>
              {LANGUAGE_NAMES[code]}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
