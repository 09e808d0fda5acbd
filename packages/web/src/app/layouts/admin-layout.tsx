import { PanelLeft } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Button } from '../../components/ui/button';
import { Drawer } from '../../components/ui/drawer';
import { LoginPage } from '../../features/auth/components/login-page';
import { ADMIN_PAGES, canUsePanel, keyCanSignIn, type AdminPage } from '../../lib/auth/admin-access';
import { revalidateSession } from '../../lib/auth/auth-session';
import { useAuth } from '../../lib/auth/auth-store';
import { ADMIN_PAGE_META } from '../admin-pages';
import { AdminSidebar } from './admin-sidebar';
import { NoManagePages } from './no-manage-pages';

function currentPage(pathname: string): AdminPage | undefined {
  const rest = pathname.replace(/^\/admin\/?/, '').replace(/\/$/, '');
  return ADMIN_PAGES.find((page) => page === rest);
}

/**
 * The /admin shell. Spec §5: nobody signed in sees the login form right here (no redirect); a key that
 * with share bits only (no manage bit) sees why it has no page here and can sign out; any other key goes Home. Entering or moving within the area re-validates a stale session.
 */
export function AdminLayout() {
  const { t } = useTranslation();
  const auth = useAuth();
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);

  useEffect(() => {
    void revalidateSession();
  }, [pathname]);

  if (auth.kind === 'none') return <LoginPage />;
  const panel = canUsePanel(auth);
  if (!panel && !(auth.kind === 'apikey' && keyCanSignIn(auth.permissions))) return <Navigate to="/" replace />;

  const page = currentPage(pathname);
  const label = page ? ADMIN_PAGE_META[page].label(t) : t('nav.admin');
  return (
    <div className="mx-auto flex max-w-7xl gap-8 px-4 py-6 sm:px-6 lg:py-8">
      <aside className="sticky top-24 hidden h-[calc(100dvh-8rem)] w-60 shrink-0 lg:block">
        <AdminSidebar />
      </aside>
      <div className="min-w-0 flex-1">
        <div className="mb-5 lg:hidden">
          <Button
            variant="outline"
            icon={<PanelLeft />}
            // The spoken name starts with the visible text (WCAG 2.5.3), then says what the button does.
            aria-label={`${label} – ${t('admin.sidebar.openMenu')}`}
            aria-haspopup="dialog"
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(true)}
          >
            {label}
          </Button>
        </div>
        {panel ? <Outlet /> : <NoManagePages />}
      </div>
      <Drawer open={drawerOpen} onOpenChange={setDrawerOpen} title={t('admin.sidebar.title')}>
        <AdminSidebar onNavigate={() => setDrawerOpen(false)} />
      </Drawer>
    </div>
  );
}
