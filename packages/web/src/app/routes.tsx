import type { ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { NotFoundPage } from '../features/not-found/components/not-found-page';
import { NotBuiltPage, type UnbuiltPage } from '../features/placeholders/components/not-built-page';
import type { AdminPage } from '../lib/admin-access';
import { ADMIN_PAGE_META } from './admin-pages';
import { RootLayout, type RouteHandle } from './layouts/root-layout';

/**
 * Admin pages load on demand: visitors of the public pages never download the admin panel.
 * Pages later issues build show their "not built yet" card.
 */
const ADMIN_ELEMENTS: Record<AdminPage, () => Promise<ReactNode> | ReactNode> = {
  dashboard: () => import('../features/admin-dashboard/components/dashboard-page').then((m) => <m.DashboardPage />),
  'text-management': () => <NotBuiltPage page="textManagement" inAdmin />,
  'file-management': () => <NotBuiltPage page="fileManagement" inAdmin />,
  'key-management': () => import('../features/admin-keys/components/key-management-page').then((m) => <m.KeyManagementPage />),
  'mount-management': () => <NotBuiltPage page="mountManagement" inAdmin />,
  'storage-config': () => <NotBuiltPage page="storageConfig" inAdmin />,
  backup: () => <NotBuiltPage page="backup" inAdmin />,
  account: () => import('../features/admin-account/components/account-page').then((m) => <m.AccountPage />),
  'settings/global': () => <NotBuiltPage page="settingsGlobal" inAdmin />,
  'settings/preview': () => <NotBuiltPage page="settingsPreview" inAdmin />,
  'settings/webdav': () => <NotBuiltPage page="settingsWebdav" inAdmin />,
  'settings/site': () => <NotBuiltPage page="settingsSite" inAdmin />,
};

function adminRoute(page: AdminPage): RouteObject {
  const handle: RouteHandle = { title: ADMIN_PAGE_META[page].label };
  return {
    path: page,
    handle,
    lazy: async () => {
      const [{ AdminPageGuard }, element] = await Promise.all([import('./admin-guard'), ADMIN_ELEMENTS[page]()]);
      return { element: <AdminPageGuard page={page}>{element}</AdminPageGuard> };
    },
  };
}

function publicPage(path: string, page: UnbuiltPage, title: RouteHandle['title']): RouteObject {
  return { path, handle: { title } satisfies RouteHandle, element: <NotBuiltPage page={page} /> };
}

/** Exactly the spec §2 route table; anything else goes Home. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, handle: { title: (t) => t('titles.home') } satisfies RouteHandle, element: <NotBuiltPage page="home" /> },
      publicPage('upload', 'upload', (t) => t('titles.upload')),
      publicPage('paste/:slug', 'paste', (t) => t('titles.paste')),
      publicPage('file/:slug', 'file', (t) => t('titles.file')),
      publicPage('mount-explorer', 'mountExplorer', (t) => t('titles.mountExplorer')),
      publicPage('mount-explorer/*', 'mountExplorer', (t) => t('titles.mountExplorer')),
      { path: '404', handle: { title: (t) => t('titles.notFound') } satisfies RouteHandle, element: <NotFoundPage /> },
      {
        path: 'admin',
        handle: { title: (t) => t('titles.admin') } satisfies RouteHandle,
        lazy: () => import('./layouts/admin-layout').then((m) => ({ Component: m.AdminLayout })),
        children: [
          { index: true, lazy: () => import('./admin-guard').then((m) => ({ Component: m.AdminIndex })) },
          ...(Object.keys(ADMIN_ELEMENTS) as AdminPage[]).map(adminRoute),
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
