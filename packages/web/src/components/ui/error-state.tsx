import { CircleAlert, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { Button } from './button';

export interface ErrorStateProps {
  title: ReactNode;
  message?: ReactNode;
  onRetry?: () => void;
  retrying?: boolean;
  className?: string;
}

/** A failed load, with the reason and a retry button. */
export function ErrorState({ title, message, onRetry, retrying, className }: ErrorStateProps) {
  const { t } = useTranslation();
  return (
    <div role="alert" className={cn('flex flex-col items-center justify-center px-6 py-12 text-center', className)}>
      <div className="mb-4 flex size-12 items-center justify-center rounded-2xl bg-danger-soft text-danger-text">
        <CircleAlert className="size-6" aria-hidden="true" />
      </div>
      <p className="text-base font-semibold text-fg">{title}</p>
      {message ? <p className="mt-1 max-w-sm text-sm text-fg-muted">{message}</p> : null}
      {onRetry ? (
        <Button variant="outline" className="mt-5" onClick={onRetry} loading={retrying} icon={<RotateCw />}>
          {t('common.retry')}
        </Button>
      ) : null}
    </div>
  );
}
