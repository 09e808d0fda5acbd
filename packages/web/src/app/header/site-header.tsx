import { Menu, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { GITHUB_URL } from '@driftbox/contract';
import { Button, buttonClasses, focusRing } from '../../components/ui/button';
import { GithubIcon } from '../../components/ui/github-icon';
import { cn } from '../../lib/cn';
import { useSiteConfig } from '../../lib/site/site-config';
import { OfflineBadge } from '../pwa/offline-badge';
import { LanguageSwitcher } from './language-switcher';
import { ThemeToggle } from './theme-toggle';

function useNavItems() {
  const { t } = useTranslation();
  return [
    { to: '/', label: t('nav.home'), end: true },
    { to: '/upload', label: t('nav.upload'), end: false },
    { to: '/mount-explorer', label: t('nav.mountExplorer'), end: false },
    { to: '/admin', label: t('nav.admin'), end: false },
  ];
}

const linkBase = cn('rounded-lg px-3 py-2 text-sm font-medium transition-colors', focusRing);
const linkState = ({ isActive }: { isActive: boolean }) =>
  cn(linkBase, isActive ? 'bg-accent-soft text-accent-text' : 'text-fg-muted hover:bg-subtle hover:text-fg');

/** Logo + title, the main links, GitHub, language and theme; a collapsible menu below md. */
export function SiteHeader() {
  const { t } = useTranslation();
  const { site_title: title } = useSiteConfig();
  const items = useNavItems();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);

  // Escape closes the open menu from anywhere in it, and focus goes back to the button that opened it.
  useEffect(() => {
    if (!open) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      setOpen(false);
      menuButton.current?.focus();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  const github = (
    <a
      href={GITHUB_URL}
      target="_blank"
      rel="noopener noreferrer"
      className={buttonClasses('ghost', 'icon')}
      aria-label={t('nav.github')}
      title={t('nav.github')}
    >
      <GithubIcon className="size-5" />
    </a>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-line bg-surface/85 backdrop-blur supports-[backdrop-filter]:bg-surface/75">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
        <Link to="/" className={cn('flex min-w-0 items-center gap-2.5 rounded-lg', focusRing)}>
          <img src="/favicon.svg" alt="" className="size-8 shrink-0" />
          <span className="truncate text-base font-semibold tracking-tight text-fg">{title}</span>
        </Link>
        <OfflineBadge />
        <nav aria-label={t('nav.main')} className="ml-4 hidden items-center gap-1 md:flex">
          {items.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.end} className={linkState}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto hidden items-center gap-1 md:flex">
          {github}
          <LanguageSwitcher />
          <ThemeToggle />
        </div>
        <Button
          ref={menuButton}
          variant="ghost"
          size="icon"
          className="ml-auto md:hidden"
          aria-label={open ? t('nav.closeMenu') : t('nav.openMenu')}
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <X /> : <Menu />}
        </Button>
      </div>
      {open ? (
        <div id={menuId} className="border-t border-line bg-surface px-4 pt-2 pb-4 md:hidden">
          <nav aria-label={t('nav.main')} className="flex flex-col gap-1">
            {items.map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                end={item.end}
                className={(state) => cn(linkState(state), 'py-2.5 text-base')}
                onClick={() => setOpen(false)}
              >
                {item.label}
              </NavLink>
            ))}
          </nav>
          <div className="mt-3 flex flex-wrap items-center gap-1 border-t border-line pt-3">
            <LanguageSwitcher showName />
            <ThemeToggle showName />
            <span className="ml-auto">{github}</span>
          </div>
        </div>
      ) : null}
    </header>
  );
}
