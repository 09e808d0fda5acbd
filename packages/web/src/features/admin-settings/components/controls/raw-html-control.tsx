import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SETTING_VALUE_MAX } from '@driftbox/contract';
import { Textarea } from '../../../../components/ui/input';
import { cn } from '../../../../lib/cn';
import type { SettingControlProps } from './control-props';

/**
 * Custom head/body HTML (catalogue `rawHtml`): a code box with a plain warning. The HTML reaches every
 * page unsanitised by design; the app's Content-Security-Policy still refuses inline scripts and
 * scripts from other sites, so the admin should not expect analytics snippets to run.
 */
export function RawHtmlControl({ def, value, onChange, control }: SettingControlProps) {
  const { t, i18n } = useTranslation();
  const warningId = `${control.id}-warning`;
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <div className="flex flex-col gap-2">
      <div
        id={warningId}
        className="flex gap-2.5 rounded-lg border border-warning-text/20 bg-warning-soft px-3 py-2.5 text-sm text-warning-text"
      >
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <div>
          <p className="font-medium">{t('settings.rawHtml.warningTitle')}</p>
          <p className="mt-0.5 text-xs leading-relaxed">{t('settings.rawHtml.warning')}</p>
        </div>
      </div>
      <Textarea
        {...control}
        aria-describedby={[warningId, control['aria-describedby']].filter(Boolean).join(' ')}
        rows={6}
        className="font-mono text-xs leading-5"
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        wrap="off"
        placeholder={def.key === 'site_custom_head' ? '<meta name="…" content="…">' : '<div>…</div>'}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      <p
        className={cn(
          'self-end text-xs tabular-nums',
          value.length > SETTING_VALUE_MAX ? 'font-medium text-danger-text' : 'text-fg-subtle',
        )}
      >
        {t('settings.rawHtml.characters', {
          length: number.format(value.length),
          max: number.format(SETTING_VALUE_MAX),
        })}
      </p>
    </div>
  );
}
