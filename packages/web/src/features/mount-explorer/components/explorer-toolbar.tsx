import { ArrowDownAZ, ArrowUpZA, FolderPlus, Images, LayoutGrid, List, RotateCw, Upload } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import type { ExplorerAction } from '../lib/actions';
import type { FsEntryRef } from '../lib/fs-entry';
import { SORT_KEYS, type SortKey } from '../lib/sort';
import { VIEW_MODES, type ViewMode, type ViewPrefs } from '../lib/view-prefs';
import { Breadcrumbs } from './breadcrumbs';
import { ExplorerToolbarExtras } from './explorer-toolbar-extras';

const VIEW_ICONS = { list: List, grid: LayoutGrid, gallery: Images } as const;

export interface ExplorerToolbarProps {
  path: string;
  mountPath: string | null;
  selection: FsEntryRef[];
  prefs: ViewPrefs;
  setPrefs(next: Partial<ViewPrefs>): void;
  folderActions: readonly ExplorerAction[];
  onAction(action: ExplorerAction): void;
  onRefresh(): void;
  refreshing: boolean;
}

/** Breadcrumbs, then views, sort, refresh, new folder, upload and the other features' buttons. */
export function ExplorerToolbar(props: ExplorerToolbarProps) {
  const { t } = useTranslation();
  const { prefs, setPrefs } = props;
  const desc = prefs.sort.direction === 'desc';
  return (
    <div className="flex flex-col gap-2 border-b border-line p-2 sm:p-3">
      <Breadcrumbs path={props.path} />
      <div className="flex flex-wrap items-center gap-2">
        <div role="group" aria-label={t('explorer.view.label')} className="flex rounded-lg border border-line p-0.5">
          {VIEW_MODES.map((view: ViewMode) => {
            const Icon = VIEW_ICONS[view];
            return (
              <button
                key={view}
                type="button"
                aria-pressed={prefs.view === view}
                aria-label={t(`explorer.view.${view}`)}
                title={t(`explorer.view.${view}`)}
                onClick={() => setPrefs({ view })}
                className={cn(
                  'flex size-8 items-center justify-center rounded-md',
                  prefs.view === view ? 'bg-accent text-accent-fg' : 'text-fg-muted hover:bg-subtle hover:text-fg',
                )}
              >
                <Icon className="size-4" aria-hidden="true" />
              </button>
            );
          })}
        </div>
        <div className="flex items-center gap-1">
          <Select
            aria-label={t('explorer.sort.label')}
            value={prefs.sort.key}
            onChange={(event) => setPrefs({ sort: { ...prefs.sort, key: event.target.value as SortKey } })}
            className="h-9 w-auto py-0"
          >
            {SORT_KEYS.map((key) => (
              <option key={key} value={key}>
                {t(`explorer.sort.${key}`)}
              </option>
            ))}
          </Select>
          <Button
            variant="outline"
            size="icon-sm"
            className="size-9"
            aria-label={desc ? t('explorer.sort.descending') : t('explorer.sort.ascending')}
            title={desc ? t('explorer.sort.descending') : t('explorer.sort.ascending')}
            onClick={() => setPrefs({ sort: { ...prefs.sort, direction: desc ? 'asc' : 'desc' } })}
          >
            {desc ? <ArrowUpZA /> : <ArrowDownAZ />}
          </Button>
        </div>
        <Button
          variant="ghost"
          size="icon-sm"
          className="size-9"
          aria-label={t('explorer.refresh')}
          title={t('explorer.refresh')}
          onClick={props.onRefresh}
          loading={props.refreshing}
          icon={props.refreshing ? undefined : <RotateCw />}
        />
        <div className="ml-auto flex flex-wrap items-center gap-2">
          <ExplorerToolbarExtras currentPath={props.path} mountPath={props.mountPath} selection={props.selection} />
          {props.folderActions.includes('newFolder') ? (
            <Button
              variant="outline"
              size="sm"
              className="h-9"
              icon={<FolderPlus />}
              title={t('explorer.actions.newFolder')}
              onClick={() => props.onAction('newFolder')}
            >
              <span className="sr-only sm:not-sr-only">{t('explorer.actions.newFolder')}</span>
            </Button>
          ) : null}
          {props.folderActions.includes('upload') ? (
            <Button size="sm" className="h-9" icon={<Upload />} onClick={() => props.onAction('upload')}>
              {t('explorer.actions.upload')}
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
