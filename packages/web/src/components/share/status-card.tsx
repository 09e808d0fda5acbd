import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../ui/card';

/** A whole-page answer about a share (not found, expired, forbidden): icon, title, one line, an action. */
export function StatusCard({
  icon: Icon,
  title,
  description,
  action,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  action?: ReactNode;
}) {
  return (
    <Card className="mx-auto max-w-xl px-6 py-12 text-center sm:px-10">
      <div className="mx-auto mb-5 flex size-14 items-center justify-center rounded-2xl bg-subtle text-fg-muted">
        <Icon className="size-7" aria-hidden="true" />
      </div>
      {/* Balanced, so a two-line title does not leave one word alone on its last line. */}
      <h1 className="text-xl font-semibold tracking-tight text-balance text-fg">{title}</h1>
      <p className="mx-auto mt-2 max-w-sm text-sm text-pretty text-fg-muted">{description}</p>
      {action ? <div className="mt-6">{action}</div> : null}
    </Card>
  );
}
