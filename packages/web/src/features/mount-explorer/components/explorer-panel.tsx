import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Card } from '../../../components/ui/card';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { listFolder, fsListKey } from '../api/list-folder';
import { mountOf, useVisibleMounts } from '../api/visible-mounts';
import { useExplorerActions } from '../hooks/use-explorer-actions';
import { useSortedFolder } from '../hooks/use-sorted-folder';
import { isGoUpKey } from '../hooks/use-explorer-keys';
import { useViewPrefs } from '../hooks/use-view-prefs';
import { entryActions, folderActions, mountBits, type ExplorerAction } from '../lib/actions';
import { openPreview, startUpload } from '../lib/explorer-bridge';
import { toEntryRef, type ExplorerEntry } from '../lib/fs-entry';
import { explorerUrl, parentPath } from '../lib/paths';
import {
  afterRemoval,
  EMPTY_SELECTION,
  entryTowards,
  pruneSelection,
  selectOnly,
  type SelectionState,
} from '../lib/selection';
import { useAuth } from '../../../lib/auth/auth-store';
import { ContextMenu } from './context-menu';
import { EntryView } from './entry-view';
import { ExplorerDialogs } from './explorer-dialogs';
import { ExplorerToolbar } from './explorer-toolbar';
import { FolderEmpty, FolderError } from './folder-states';
import { ListHeader } from './list-header';
import { SelectionBar } from './selection-bar';
import { SortProgressNote } from './sort-progress';

interface MenuState {
  x: number;
  y: number;
  entries: ExplorerEntry[];
}

/** One folder of the mount tree: toolbar, selection bar, the entries, their menu and dialogs. */
export function ExplorerPanel({ path }: { path: string }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const [prefs, setPrefs] = useViewPrefs();
  const { folder, entries, pagedByScroll, sorting } = useSortedFolder(path, prefs.sort);
  const mounts = useVisibleMounts();
  // Come up from a folder (Backspace, a breadcrumb): that folder is the focused entry here.
  const cameFrom = (useLocation().state as { cameFrom?: string } | null)?.cameFrom;
  const [rawSelection, setSelection] = useState<SelectionState>(() => {
    const towards = entryTowards(path, cameFrom);
    return towards ? selectOnly(towards) : EMPTY_SELECTION;
  });
  const [menu, setMenu] = useState<MenuState | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  // A new folder replaces the panel: keep the keyboard in it when the focus was dropped with the old one.
  useEffect(() => {
    if (document.activeElement === document.body) panel.current?.focus();
  }, []);

  const pages = folder.data?.pages;
  const order = useMemo(() => entries.map((entry) => entry.path), [entries]);
  const selection = pruneSelection(rawSelection, order);
  const selected = entries.filter((entry) => selection.selected.has(entry.path));
  const bits = mountBits(auth);
  const insideMount = pages?.[0] !== undefined && pages[0].isVirtual !== true;
  const mountPath = mountOf(path, mounts.data ?? []);

  const open = useCallback(
    (entry: ExplorerEntry) => {
      if (entry.isDirectory) navigate(explorerUrl(entry.path));
      else
        setSearch((params) => {
          const next = new URLSearchParams(params);
          next.set('preview', entry.name);
          return next;
        });
    },
    [navigate, setSearch],
  );
  const { dialog, setDialog, run } = useExplorerActions({ open, pickFiles: () => fileInput.current?.click() });

  // `?preview=<name>` opens the file's preview once the folder shows it (a link, a reload, or a click).
  const previewName = search.get('preview');
  const previewed = useRef<string | null>(null);
  useEffect(() => {
    if (!previewName || previewed.current === previewName) return;
    const entry = entries.find((candidate) => !candidate.isDirectory && candidate.name === previewName);
    if (!entry) return;
    previewed.current = previewName;
    const siblings = entries.filter((candidate) => !candidate.isDirectory).map(toEntryRef);
    openPreview(toEntryRef(entry), siblings);
  }, [previewName, entries]);
  useEffect(() => {
    if (!previewName) previewed.current = null;
  }, [previewName]);

  const goUp = () => {
    if (path !== '/') navigate(explorerUrl(parentPath(path)), { state: { browsingUp: true, cameFrom: path } });
  };
  const refresh = async () => {
    setRefreshing(true);
    try {
      // `refresh=true` skips the server's listing cache; the pages after it are fetched again as scrolled.
      const first = await listFolder(path, undefined, true);
      queryClient.setQueryData(fsListKey(path), { pages: [first], pageParams: [undefined] });
    } catch {
      await folder.refetch();
    } finally {
      setRefreshing(false);
    }
  };

  const menuActions: ExplorerAction[] = menu
    ? menu.entries.length
      ? entryActions(bits, menu.entries)
      : folderActions(bits, insideMount)
    : [];

  let body;
  if (folder.isPending) body = <ListSkeleton rows={8} />;
  else if (folder.isError && !sorting)
    body = <FolderError error={folder.error} onRetry={() => void folder.refetch()} retrying={folder.isRefetching} />;
  else if (entries.length === 0 && !folder.hasNextPage)
    body = (
      <FolderEmpty
        root={path === '/'}
        admin={auth.kind === 'admin'}
        actions={folderActions(bits, insideMount)}
        onAction={(a) => run(a, [])}
      />
    );
  else
    body = (
      <>
        {prefs.view === 'list' ? <ListHeader sort={prefs.sort} onSort={(sort) => setPrefs({ sort })} /> : null}
        {sorting ? <SortProgressNote progress={sorting} /> : null}
        <EntryView
          label={t('explorer.listLabel', { path })}
          entries={entries}
          view={prefs.view}
          selection={selection}
          setSelection={setSelection}
          onOpen={open}
          onMenu={(x, y, entry) => {
            const chosen = entry ? (selection.selected.has(entry.path) ? selected : [entry]) : [];
            // Nothing the caller may do here: no empty menu.
            const actions = chosen.length ? entryActions(bits, chosen) : folderActions(bits, insideMount);
            if (actions.length) setMenu({ x, y, entries: chosen });
          }}
          onDelete={() => {
            const actions = entryActions(bits, selected);
            if (actions.includes('delete')) run('delete', selected);
          }}
          onRename={(entry) => {
            if (entryActions(bits, [entry]).includes('rename')) run('rename', [entry]);
          }}
          hasMore={pagedByScroll && folder.hasNextPage}
          loadingMore={pagedByScroll && folder.isFetchingNextPage}
          loadMore={() => void folder.fetchNextPage()}
        />
      </>
    );

  return (
    <Card
      ref={panel}
      tabIndex={-1}
      data-explorer-panel
      data-keeps-focus
      role="region"
      aria-label={t('explorer.title')}
      onKeyDown={(event) => {
        if (!isGoUpKey(event)) return;
        event.preventDefault();
        goUp();
      }}
      className="flex h-[calc(100dvh-8.5rem)] min-h-[26rem] flex-col overflow-hidden p-0 outline-none sm:h-[calc(100dvh-12rem)]"
    >
      <ExplorerToolbar
        path={path}
        mountPath={mountPath}
        selection={selected.map(toEntryRef)}
        prefs={prefs}
        setPrefs={setPrefs}
        folderActions={folderActions(bits, insideMount)}
        onAction={(action) => run(action, [])}
        onRefresh={() => void refresh()}
        refreshing={refreshing}
      />
      {body}
      {/* Below the entries: a bar appearing above them would move the row under a double click. */}
      {selected.length > 0 ? (
        <SelectionBar
          count={selected.length}
          actions={entryActions(bits, selected)}
          onAction={(action) => run(action, selected)}
          onClear={() => setSelection(EMPTY_SELECTION)}
        />
      ) : null}
      <input
        ref={fileInput}
        type="file"
        multiple
        hidden
        aria-hidden="true"
        tabIndex={-1}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length) startUpload(path, files);
        }}
      />
      {menu ? (
        <ContextMenu
          x={menu.x}
          y={menu.y}
          actions={menuActions}
          onAction={(action) => run(action, menu.entries)}
          onClose={() => setMenu(null)}
        />
      ) : null}
      <ExplorerDialogs
        dialog={dialog}
        currentPath={path}
        onClose={() => setDialog(null)}
        onChanged={(change) =>
          setSelection(change.renamedTo ? selectOnly(change.renamedTo) : afterRemoval(order, change.removed))
        }
      />
    </Card>
  );
}
