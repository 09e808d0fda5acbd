import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

const TONES = {
  warning: 'border-warning-text/20 bg-warning-soft text-warning-text',
  info: 'border-accent/20 bg-accent-soft text-accent-text',
} as const;

/** A banner on a share's page: the last allowed view, or a note for the share's owner. */
export function ShareNotice({
  icon: Icon,
  tone,
  title,
  children,
  className,
}: {
  icon: LucideIcon;
  tone: keyof typeof TONES;
  title: string;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div role="status" className={cn('flex gap-3 rounded-xl border px-4 py-3 text-sm', TONES[tone], className)}>
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0">
        <p className="font-semibold">{title}</p>
        {children ? <div className="mt-0.5">{children}</div> : null}
      </div>
    </div>
  );
}
