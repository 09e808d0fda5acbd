import { MOUNT_PERMISSIONS, hasAnyPermission } from '@driftbox/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { SignInNotice } from '../../../components/share/sign-in-notice';
import { useAuth } from '../../../lib/auth/auth-store';
import { basePathRedirect, explorerUrl, pathFromSplat } from '../lib/paths';
import { EnvSwitcher } from './env-switcher';
import { ExplorerPanel } from './explorer-panel';

/**
 * `/mount-explorer[/path…]` (spec §2): signed-in callers with a mount bit browse the mount tree; a key
 * outside its base path is sent there (spec §5); `?showEnvSwitcher` adds the admin's backend switcher.
 */
export function MountExplorerPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const noticeId = useId();
  const path = pathFromSplat(useParams()['*']);
  const location = useLocation();
  const [search] = useSearchParams();
  const state = location.state as { browsingUp?: boolean; reveal?: boolean } | null;
  const browsingUp = state?.browsingUp === true;
  // A reveal into the folder already shown starts the panel afresh: it selects the entry it is given.
  const panelKey = state?.reveal === true ? `${path}|${location.key}` : path;
  const basePath = auth.kind === 'apikey' ? auth.info.basic_path : null;
  const redirect = basePathRedirect(path, basePath, browsingUp);

  if (redirect) return <Navigate to={explorerUrl(redirect, location.search)} replace />;

  const allowed =
    auth.kind === 'admin' || (auth.kind === 'apikey' && hasAnyPermission(auth.permissions, MOUNT_PERMISSIONS));
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col px-2 py-3 sm:px-6 sm:py-6">
      <h1 className="sr-only sm:not-sr-only sm:mb-3 sm:text-xl sm:font-semibold sm:tracking-tight sm:text-fg">
        {t('explorer.title')}
      </h1>
      {auth.kind === 'admin' && search.has('showEnvSwitcher') ? <EnvSwitcher /> : null}
      {allowed ? (
        <ExplorerPanel key={panelKey} path={path} />
      ) : (
        <SignInNotice
          id={noticeId}
          title={auth.kind === 'none' ? t('explorer.signIn.title') : t('explorer.signIn.noPermissionTitle')}
          description={auth.kind === 'none' ? t('explorer.signIn.description') : t('explorer.signIn.noPermission')}
          login={t('explorer.signIn.login')}
        />
      )}
    </div>
  );
}
