import { useTranslation } from 'react-i18next';
import { formatDateTime, formatRelativeTime } from '../../lib/format';

/** "3 hours ago", with the exact date and time as its tooltip. */
export function RelativeTime({ at, now, className }: { at: string; now: number; className?: string }) {
  const { i18n } = useTranslation();
  return (
    <time dateTime={at} title={formatDateTime(at, i18n.language)} className={className}>
      {formatRelativeTime(at, i18n.language, now)}
    </time>
  );
}
