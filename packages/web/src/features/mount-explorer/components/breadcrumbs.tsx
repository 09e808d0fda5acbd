import { ChevronRight, House } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { crumbsOf, explorerUrl } from '../lib/paths';

/** Root, then each folder; the current one is not a link. Long paths scroll sideways (phones). */
export function Breadcrumbs({ path }: { path: string }) {
  const { t } = useTranslation();
  const crumbs = crumbsOf(path);
  const nav = useRef<HTMLElement>(null);
  // The current folder is what matters: a path wider than the row shows its end.
  useLayoutEffect(() => {
    const element = nav.current;
    if (element) element.scrollLeft = element.scrollWidth;
  }, [path]);
  return (
    <nav ref={nav} aria-label={t('explorer.breadcrumbs')} className="min-w-0 overflow-x-auto">
      <ol className="flex items-center gap-0.5 text-sm whitespace-nowrap">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          const label = crumb.path === '/' ? t('explorer.root') : crumb.name;
          return (
            // shrink-0: squeezed crumbs would run into each other; the row scrolls instead.
            <li key={crumb.path} className="flex shrink-0 items-center gap-0.5">
              {index > 0 ? <ChevronRight className="size-3.5 shrink-0 text-fg-subtle" aria-hidden="true" /> : null}
              {last ? (
                <span aria-current="page" className="flex items-center gap-1 rounded px-1.5 py-1 font-semibold text-fg">
                  {crumb.path === '/' ? <House className="size-4" aria-hidden="true" /> : null}
                  {label}
                </span>
              ) : (
                <Link
                  to={explorerUrl(crumb.path)}
                  state={{ browsingUp: true, cameFrom: path }}
                  className="flex items-center gap-1 rounded px-1.5 py-1 text-fg-muted hover:bg-subtle hover:text-fg"
                >
                  {crumb.path === '/' ? <House className="size-4" aria-hidden="true" /> : null}
                  {label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
