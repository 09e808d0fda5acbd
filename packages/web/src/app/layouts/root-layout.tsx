import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router';
import { useAuth } from '../../lib/auth/auth-store';
import { useCustomHtml } from '../../lib/site/custom-html';
import { safeFaviconUrl, useSiteConfig } from '../../lib/site/site-config';
import { SiteHeader } from '../header/site-header';
import { SiteAnnouncement } from './site-announcement';
import { RouteFocus } from './route-focus';
import { SiteFooter } from './site-footer';

/** Route `handle`: the page's subtitle for the document title. */
export interface RouteHandle {
  title: (t: TFunction) => string;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && typeof (value as RouteHandle).title === 'function';
}

export function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

/** Spec §2: "<site title> - <subtitle>"; the admin area shows the login subtitle while signed out. */
function useDocumentTitle(siteTitle: string): string {
  const { t } = useTranslation();
  const matches = useMatches();
  const auth = useAuth();
  const { pathname } = useLocation();
  const handle = [...matches].reverse().find((match) => isRouteHandle(match.handle))?.handle as RouteHandle | undefined;
  const subtitle = isAdminPath(pathname) && auth.kind === 'none' ? t('titles.login') : handle?.title(t);
  const title = subtitle ? `${siteTitle} - ${subtitle}` : siteTitle;
  useEffect(() => {
    document.title = title;
  }, [title]);
  return title;
}

/** The admin's favicon when it is an http(s) or data URL; the bundled one otherwise. */
function useFavicon(url: string) {
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) return;
    const safe = safeFaviconUrl(url);
    link.href = safe ?? '/favicon.svg';
    if (!safe) link.type = 'image/svg+xml';
    else link.removeAttribute('type');
  }, [url]);
}

/**
 * Header on every page; the announcement and the footer everywhere except the admin area (spec §2);
 * the admin's custom head and body HTML on every page.
 */
export function RootLayout() {
  const { t } = useTranslation();
  const site = useSiteConfig();
  const { pathname } = useLocation();
  const signedIn = useAuth().kind !== 'none';
  const title = useDocumentTitle(site.site_title);
  useFavicon(site.site_favicon_url);
  useCustomHtml(site.site_custom_head, site.site_custom_body);
  const inAdmin = isAdminPath(pathname);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-accent px-3 py-2 text-accent-fg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t('nav.skipToContent')}
      </a>
      <SiteHeader />
      {/* The announcement is for visitors; the admin edits it in the panel, where it would only be in the way. */}
      {inAdmin ? null : <SiteAnnouncement />}
      {/* tabIndex -1: the skip link and a route change can move focus here (not in the Tab order). */}
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      {inAdmin ? null : <SiteFooter />}
      <RouteFocus navigationKey={`${pathname}|${signedIn ? 'in' : 'out'}`} title={title} />
      <ScrollRestoration />
    </div>
  );
}
