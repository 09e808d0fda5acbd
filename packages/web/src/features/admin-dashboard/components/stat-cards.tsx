import type { DashboardStatsDto } from '@driftbox/contract';
import { Cloud, FileText, HardDrive, KeyRound, Upload, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { formatBytes } from '../../../lib/format';

/** The five totals of the dashboard, one card each. */
export function StatCards({ stats }: { stats: DashboardStatsDto }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const cards: { label: string; value: string; icon: LucideIcon }[] = [
    { label: t('dashboard.stats.pastes'), value: number.format(stats.totalPastes), icon: FileText },
    { label: t('dashboard.stats.files'), value: number.format(stats.totalFiles), icon: Upload },
    { label: t('dashboard.stats.apiKeys'), value: number.format(stats.totalApiKeys), icon: KeyRound },
    { label: t('dashboard.stats.storageConfigs'), value: number.format(stats.totalS3Configs), icon: Cloud },
    { label: t('dashboard.stats.storageUsed'), value: formatBytes(stats.totalStorageUsed), icon: HardDrive },
  ];
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {cards.map(({ label, value, icon: Icon }) => (
        <li key={label} className="last:col-span-2 sm:last:col-span-1">
          {/* The value gets the card's full width below its label, so "462.3 MB" fits five across; a long label wraps. */}
          <Card className="flex h-full flex-col gap-2 px-4 py-3.5">
            <div className="flex items-center gap-2.5">
              <div className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent-text">
                <Icon className="size-4" aria-hidden="true" />
              </div>
              <p className="min-w-0 text-xs leading-snug text-fg-muted">{label}</p>
            </div>
            <p className="text-xl font-semibold break-words text-fg tabular-nums">{value}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
}
