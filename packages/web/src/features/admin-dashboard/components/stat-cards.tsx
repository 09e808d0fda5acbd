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
          <Card className="flex items-center gap-3 px-4 py-3.5">
            <div className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent-soft text-accent-text">
              <Icon className="size-5" aria-hidden="true" />
            </div>
            <div className="min-w-0">
              <p className="truncate text-xs text-fg-muted">{label}</p>
              <p className="truncate text-xl font-semibold text-fg tabular-nums">{value}</p>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
