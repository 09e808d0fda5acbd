import { ChartColumn, ChartLine } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import type { ActivityChartType } from './activity-chart-canvas';

// chart.js is ~200 kB: only the dashboard loads it, after the figures are on screen.
const ActivityChartCanvas = lazy(() => import('./activity-chart-canvas'));

/** Labels of the last `count` UTC days, oldest first, ending today (the server counts UTC days). */
export function lastDays(count: number, language: string, now: Date = new Date()): string[] {
  const format = new Intl.DateTimeFormat(language, { month: 'numeric', day: 'numeric', timeZone: 'UTC' });
  return Array.from({ length: count }, (_, index) =>
    format.format(new Date(now.getTime() - (count - 1 - index) * 86_400_000)),
  );
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

export function ActivityChart({ pastes, files }: { pastes: number[]; files: number[] }) {
  const { t, i18n } = useTranslation();
  const [type, setType] = useState<ActivityChartType>('bar');
  const labels = lastDays(pastes.length, i18n.language);
  const totals = pastes.map((value, index) => value + (files[index] ?? 0));
  const busiest = totals.indexOf(Math.max(...totals));
  const summary = t('dashboard.chart.summary', {
    type: t(`dashboard.chart.${type}`),
    pastes: sum(pastes),
    files: sum(files),
    day: labels[busiest] ?? '',
  });
  const options: { value: ActivityChartType; label: string; icon: typeof ChartColumn }[] = [
    { value: 'bar', label: t('dashboard.chart.bar'), icon: ChartColumn },
    { value: 'line', label: t('dashboard.chart.line'), icon: ChartLine },
  ];

  return (
    <Card>
      <CardHeader
        title={t('dashboard.chart.title')}
        description={t('dashboard.chart.description')}
        actions={
          <div
            role="group"
            aria-label={t('dashboard.chart.type')}
            className="inline-flex gap-1 rounded-xl bg-subtle p-1"
          >
            {options.map(({ value, label, icon: Icon }) => (
              <button
                key={value}
                type="button"
                aria-pressed={type === value}
                onClick={() => setType(value)}
                className={cn(
                  'inline-flex min-h-8 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium transition-colors',
                  focusRing,
                  'focus-visible:ring-offset-0',
                  type === value ? 'bg-surface text-fg shadow-sm dark:bg-muted' : 'text-fg-muted hover:text-fg',
                )}
              >
                <Icon className="size-4" aria-hidden="true" />
                {label}
              </button>
            ))}
          </div>
        }
      />
      <CardBody>
        {sum(totals) === 0 ? <p className="mb-2 text-sm text-fg-subtle">{t('dashboard.chart.empty')}</p> : null}
        <div className="h-64 sm:h-72">
          <Suspense fallback={<Skeleton className="size-full" />}>
            <ActivityChartCanvas
              type={type}
              labels={labels}
              ariaLabel={summary}
              series={[
                { label: t('dashboard.chart.pastes'), values: pastes },
                { label: t('dashboard.chart.files'), values: files },
              ]}
            />
          </Suspense>
        </div>
      </CardBody>
    </Card>
  );
}
