import type { ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { SETTING_GROUPS, type SettingGroupId } from '@driftbox/contract';
import { NotFoundPage } from '../features/not-found/components/not-found-page';
import type { AdminPage } from '../lib/auth/admin-access';
import { ADMIN_PAGE_LABELS } from './admin-page-labels';
import { RootLayout, type RouteHandle } from './layouts/root-layout';
import { BootSkeleton } from './boot-skeleton';
import { loadAllTexts } from '../lib/site/i18n';

/** A page's code with every text of the language (a shared paste's page needs only the first part: issue 30). */
function withTexts<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadAllTexts()]).then(([loaded]) => loaded);
}

/** The four settings pages are one generated form per catalogue group. */
function settingsPage(group: SettingGroupId): Promise<ReactNode> {
  return import('../features/admin-settings/components/settings-page').then((m) => <m.SettingsPage group={group} />);
}

/**
 * Pages load on demand: visitors of the public pages never download the admin panel, and the
 * editor's and viewer's heavy parts (CodeMirror, KaTeX, highlight.js, Mermaid) are further chunks.
 * Pages later issues build show their "not built yet" card.
 */
const ADMIN_ELEMENTS: Record<AdminPage, () => Promise<ReactNode> | ReactNode> = {
  dashboard: () => import('../features/admin-dashboard/components/dashboard-page').then((m) => <m.DashboardPage />),
  'text-management': () =>
    import('../features/admin-pastes/components/text-management-page').then((m) => <m.TextManagementPage />),
  'file-management': () =>
    import('../features/admin-files/components/file-management-page').then((m) => <m.FileManagementPage />),
  'key-management': () =>
    import('../features/admin-keys/components/key-management-page').then((m) => <m.KeyManagementPage />),
  'mount-management': () =>
    import('../features/admin-mounts/components/mount-management-page').then((m) => <m.MountManagementPage />),
  'storage-config': () =>
    import('../features/admin-storage/components/storage-config-page').then((m) => <m.StorageConfigPage />),
  backup: () => import('../features/admin-backup/components/backup-page').then((m) => <m.BackupPage />),
  account: () => import('../features/admin-account/components/account-page').then((m) => <m.AccountPage />),
  'settings/global': () => settingsPage(SETTING_GROUPS.GLOBAL),
  'settings/preview': () => settingsPage(SETTING_GROUPS.PREVIEW),
  'settings/webdav': () => settingsPage(SETTING_GROUPS.WEBDAV),
  'settings/site': () => settingsPage(SETTING_GROUPS.SITE),
};

function adminRoute(page: AdminPage): RouteObject {
  const handle: RouteHandle = { title: ADMIN_PAGE_LABELS[page] };
  return {
    path: page,
    handle,
    lazy: async () => {
      const [{ AdminPageGuard }, element] = await Promise.all([import('./admin-guard'), ADMIN_ELEMENTS[page]()]);
      return { element: <AdminPageGuard page={page}>{element}</AdminPageGuard> };
    },
  };
}

/** The mount explorer: the folder is the rest of the path (`/mount-explorer/local/team`). */
function explorerRoute(path: string): RouteObject {
  return {
    path,
    handle: { title: (t) => t('titles.mountExplorer') } satisfies RouteHandle,
    lazy: withTexts(() =>
      import('./mount-explorer/mount-explorer-shell').then((m) => ({ Component: m.MountExplorerShell })),
    ),
  };
}

/** Exactly the spec §2 route table; anything else goes Home. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    // Shown while the first page's chunk loads (every page route is lazy): index.html's skeleton.
    hydrateFallbackElement: <BootSkeleton />,
    children: [
      {
        index: true,
        handle: { title: (t) => t('titles.home') } satisfies RouteHandle,
        lazy: withTexts(() =>
          import('../features/paste-editor/components/paste-editor-page').then((m) => ({
            Component: m.PasteEditorPage,
          })),
        ),
      },
      {
        path: 'upload',
        handle: { title: (t) => t('titles.upload') } satisfies RouteHandle,
        lazy: withTexts(() =>
          import('../features/file-upload/components/upload-page').then((m) => ({ Component: m.UploadPage })),
        ),
      },
      {
        path: 'paste/:slug',
        handle: { title: (t) => t('titles.paste') } satisfies RouteHandle,
        lazy: () =>
          import('../features/paste-view/components/paste-view-page').then((m) => ({ Component: m.PasteViewPage })),
      },
      {
        path: 'file/:slug',
        handle: { title: (t) => t('titles.file') } satisfies RouteHandle,
        lazy: withTexts(() =>
          import('../features/file-view/components/file-view-page').then((m) => ({ Component: m.FileViewPage })),
        ),
      },
      explorerRoute('mount-explorer'),
      explorerRoute('mount-explorer/*'),
      { path: '404', handle: { title: (t) => t('titles.notFound') } satisfies RouteHandle, element: <NotFoundPage /> },
      {
        path: 'admin',
        handle: { title: (t) => t('titles.admin') } satisfies RouteHandle,
        lazy: withTexts(() => import('./layouts/admin-layout').then((m) => ({ Component: m.AdminLayout }))),
        children: [
          { index: true, lazy: () => import('./admin-guard').then((m) => ({ Component: m.AdminIndex })) },
          ...(Object.keys(ADMIN_ELEMENTS) as AdminPage[]).map(adminRoute),
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
