import { LogOut } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

export const LOGOUT_COUNTDOWN_SECONDS = 3;

/** The visible "Logging out in 3…" after an account change; logs out at zero or on demand. */
export function LogoutCountdown({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(LOGOUT_COUNTDOWN_SECONDS);

  useEffect(() => {
    if (left <= 0) {
      onDone();
      return;
    }
    const timer = setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, onDone]);

  return (
    <div
      role="status"
      className="flex flex-col items-start gap-3 rounded-xl border border-success-text/20 bg-success-soft p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <p className="font-medium text-success-text">{t('account.success.title')}</p>
        <p className="text-sm text-success-text/90">{t('account.success.loggingOut', { count: Math.max(left, 0) })}</p>
      </div>
      <Button variant="outline" size="sm" icon={<LogOut />} onClick={onDone}>
        {t('account.success.now')}
      </Button>
    </div>
  );
}
