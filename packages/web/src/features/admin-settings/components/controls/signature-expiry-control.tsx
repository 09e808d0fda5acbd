import { useTranslation } from 'react-i18next';
import { Badge } from '../../../../components/ui/badge';
import { Input } from '../../../../components/ui/input';
import type { SettingControlProps } from './control-props';

const UNITS: [Intl.NumberFormatOptions['unit'], number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
];

/** "1 hour", "2.5 days", "90 seconds": the largest unit that fits, in the UI's language. */
export function formatSeconds(seconds: number, language: string): string {
  const [unit, size] = UNITS.find(([, s]) => seconds >= s) ?? ['second', 1];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long', maximumFractionDigits: 1 }).format(
    seconds / size,
  );
}

/** `proxy_sign_expires` in seconds, saying in words what the number means — and that 0 means never. */
export function SignatureExpiryControl({ value, onChange, control }: SettingControlProps) {
  const { t, i18n } = useTranslation();
  const seconds = value.trim() === '' ? NaN : Number(value);
  const valid = Number.isInteger(seconds) && seconds >= 0;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <div className="flex w-52">
        <div className="min-w-0 flex-1">
          <Input
            {...control}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            className="rounded-r-none"
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
        </div>
        <span
          className="-ml-px flex items-center rounded-r-lg border border-line-control bg-subtle px-3 text-sm text-fg-muted"
          aria-hidden="true"
        >
          {t('settings.expiry.unit')}
        </span>
      </div>
      {/* Live: the admin sees at once that 0 means links that never expire. */}
      <p className="text-sm text-fg-muted" aria-live="polite">
        {!valid ? null : seconds === 0 ? (
          <Badge tone="warning">{t('settings.expiry.never')}</Badge>
        ) : (
          t('settings.expiry.after', { duration: formatSeconds(seconds, i18n.language) })
        )}
      </p>
    </div>
  );
}
