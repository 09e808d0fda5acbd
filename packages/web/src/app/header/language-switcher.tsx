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

/** Language menu; the trigger is named "Language"/"语言" and shows the current choice. */
export function LanguageSwitcher({ showName = false }: { showName?: boolean }) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : currentLanguage();
  return (
    <DropdownMenu>
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
