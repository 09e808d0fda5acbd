import { Database, FolderOpen, Hammer, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';

/** Pages that later issues build; each shows a friendly card until then. */
export type UnbuiltPage = 'mountExplorer' | 'mountManagement';

const ICONS: Record<UnbuiltPage, LucideIcon> = {
  mountExplorer: FolderOpen,
  mountManagement: Database,
};

/** A deliberate "not built yet" card: icon, title, one line, translated. */
export function NotBuiltPage({ page, inAdmin = false }: { page: UnbuiltPage; inAdmin?: boolean }) {
  const { t } = useTranslation();
  const Icon = ICONS[page];
  const card = (
    <Card className="relative mx-auto w-full max-w-xl overflow-hidden px-6 py-10 text-center sm:px-10 sm:py-14">
      <div
        className="pointer-events-none absolute inset-x-0 top-0 h-32 bg-gradient-to-b from-accent-soft/70 to-transparent"
        aria-hidden="true"
      />
      <div className="relative">
        <div className="mx-auto mb-5 flex size-14 items-center justify-center rounded-2xl bg-accent text-accent-fg shadow-md shadow-accent/20">
          <Icon className="size-7" aria-hidden="true" />
        </div>
        <Badge tone="accent" className="mb-3">
          <Hammer className="size-3" aria-hidden="true" />
          {t('notBuilt.badge')}
        </Badge>
        <h1 className="text-xl font-semibold tracking-tight text-fg sm:text-2xl">
          {t(`notBuilt.pages.${page}.title`)}
        </h1>
        <p className="mx-auto mt-2 max-w-md text-sm text-fg-muted sm:text-base">
          {t(`notBuilt.pages.${page}.description`)}
        </p>
      </div>
    </Card>
  );
  if (inAdmin) return <div className="py-4">{card}</div>;
  return <div className="mx-auto max-w-6xl px-4 py-10 sm:py-16">{card}</div>;
}
