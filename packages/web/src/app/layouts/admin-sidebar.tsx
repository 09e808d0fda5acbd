import { KeyRound, LogOut, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { Button, focusRing } from '../../components/ui/button';
import { ADMIN_PAGES, adminPath, isPageInMenu, type AdminPage } from '../../lib/auth/admin-access';
import { logout } from '../../lib/auth/auth-session';
import { useAuth } from '../../lib/auth/auth-store';
import { cn } from '../../lib/cn';
import { ADMIN_PAGE_META } from '../admin-pages';

/** Who is signed in: the admin, or the key's name. */
function Identity() {
  const { t } = useTranslation();
  const auth = useAuth();
  if (auth.kind === 'apikey') {
    return (
      <div className="flex items-center gap-2.5 rounded-xl bg-subtle px-3 py-2.5">
        <KeyRound className="size-4 shrink-0 text-accent-text" aria-hidden="true" />
        <div className="min-w-0">
          <p className="text-xs text-fg-subtle">{t('admin.sidebar.signedInWithKey')}</p>
          <Badge tone="accent" className="mt-0.5 max-w-full truncate" title={auth.info.name}>
            {auth.info.name}
          </Badge>
        </div>
      </div>
    );
  }
  return (
    <div className="flex items-center gap-2.5 rounded-xl bg-subtle px-3 py-2.5">
      <ShieldCheck className="size-4 shrink-0 text-accent-text" aria-hidden="true" />
      <p className="text-sm font-medium text-fg">{t('admin.sidebar.admin')}</p>
    </div>
  );
}

function MenuLink({ page, onNavigate }: { page: AdminPage; onNavigate?: (() => void) | undefined }) {
  const { t } = useTranslation();
  const meta = ADMIN_PAGE_META[page];
  const Icon = meta.icon;
  return (
    <NavLink
      to={adminPath(page)}
      onClick={onNavigate}
      className={({ isActive }) =>
        cn(
          'flex items-center gap-2.5 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
          focusRing,
          'focus-visible:ring-offset-surface',
          isActive ? 'bg-accent-soft text-accent-text' : 'text-fg-muted hover:bg-subtle hover:text-fg',
        )
      }
    >
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      <span className="truncate">{meta.label(t)}</span>
    </NavLink>
  );
}

/** The admin menu, filtered by what the signed-in user may open (spec §6). */
export function AdminSidebar({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const navigate = useNavigate();
  const pages = ADMIN_PAGES.filter((page) => isPageInMenu(auth, page));
  const main = pages.filter((page) => ADMIN_PAGE_META[page].group === 'main');
  const settings = pages.filter((page) => ADMIN_PAGE_META[page].group === 'settings');

  async function signOut() {
    onNavigate?.();
    await logout();
    navigate('/admin', { replace: true });
  }

  return (
    <div className="flex h-full flex-col gap-4">
      <Identity />
      <nav aria-label={t('admin.sidebar.label')} className="flex flex-col gap-0.5">
        {main.map((page) => (
          <MenuLink key={page} page={page} onNavigate={onNavigate} />
        ))}
        {settings.length > 0 ? (
          <>
            <p className="mt-4 mb-1 px-3 text-xs font-semibold tracking-wide text-fg-subtle uppercase">
              {t('admin.menu.settings')}
            </p>
            {settings.map((page) => (
              <MenuLink key={page} page={page} onNavigate={onNavigate} />
            ))}
          </>
        ) : null}
      </nav>
      <div className="mt-auto border-t border-line pt-3">
        <Button variant="ghost" className="w-full justify-start" icon={<LogOut />} onClick={() => void signOut()}>
          {t('admin.sidebar.logout')}
        </Button>
      </div>
    </div>
  );
}
