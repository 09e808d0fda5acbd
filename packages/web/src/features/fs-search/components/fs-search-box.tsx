import { SEARCH_QUERY_MIN, type SearchScope } from '@driftbox/contract';
import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SearchInput } from '../../../components/ui/search-input';
import { useDebouncedValue } from '../../../lib/hooks/use-debounced-value';
import { useVisibleMounts, type SearchParams } from '../api/search';
import { availableScopes } from '../lib/search-scope';
import { SearchResults } from './search-results';

export interface FsSearchBoxProps {
  currentPath: string;
  mountPath: string | null;
  onOpen(path: string, isDirectory: boolean): void;
  onReveal(folderPath: string, name: string): void;
}

/** Typing settles this long before a search is sent. */
const DEBOUNCE_MS = 300;

/**
 * The explorer's search (spec §2): a button (and Ctrl/Cmd+K) opening a search dialog with the scope global,
 * this mount or this folder, at least 2 characters, results with their folder, "load more", open or reveal.
 */
export function FsSearchBox(props: FsSearchBoxProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setOpen(true);
      }
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <>
      <Button
        variant="outline"
        size="sm"
        icon={<Search />}
        onClick={() => setOpen(true)}
        aria-label={t('fsSearch.open')}
        aria-keyshortcuts="Control+K Meta+K"
        title={t('fsSearch.openHint')}
      >
        <span className="hidden sm:inline">{t('fsSearch.button')}</span>
      </Button>
      {open ? <SearchDialog {...props} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

/** The wire scope: "this mount" without a known id (a key that cannot list mounts) searches the mount's folder. */
function searchParams(
  q: string,
  scope: SearchScope,
  currentPath: string,
  mountPath: string | null,
  mountId: string | undefined,
): SearchParams {
  if (scope === 'directory') return { q, scope, path: currentPath };
  if (scope === 'mount') return mountId ? { q, scope, mountId } : { q, scope: 'directory', path: mountPath ?? '/' };
  return { q, scope };
}

function SearchDialog({
  currentPath,
  mountPath,
  onOpen,
  onReveal,
  onClose,
}: FsSearchBoxProps & { onClose: () => void }) {
  const { t } = useTranslation();
  const scopes = availableScopes(currentPath, mountPath);
  const [text, setText] = useState('');
  const [scope, setScope] = useState<SearchScope>('global');
  const q = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  const mounts = useVisibleMounts(scope === 'mount');
  const mountId = mounts.data?.find((m) => m.mount_path === mountPath)?.id;
  const tooShort = text.trim().length > 0 && text.trim().length < SEARCH_QUERY_MIN;

  const choose = (run: () => void) => {
    onClose();
    run();
  };

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()} title={t('fsSearch.title')} size="lg">
      <div className="flex flex-col gap-3">
        <SearchInput
          value={text}
          onChange={setText}
          label={t('fsSearch.label')}
          placeholder={t('fsSearch.placeholder')}
          aria-describedby="fs-search-hint"
        />
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-xs text-fg-subtle" id="fs-search-scope">
            {t('fsSearch.scopeLabel')}
          </span>
          <div role="radiogroup" aria-labelledby="fs-search-scope" className="flex flex-wrap gap-1">
            {scopes.map((s) => (
              <Button
                key={s}
                role="radio"
                aria-checked={scope === s}
                variant={scope === s ? 'primary' : 'outline'}
                size="sm"
                onClick={() => setScope(s)}
              >
                {t(`fsSearch.scopes.${s}`)}
              </Button>
            ))}
          </div>
        </div>
        <p id="fs-search-hint" className={tooShort ? 'text-xs text-warning-text' : 'text-xs text-fg-subtle'}>
          {tooShort
            ? t('fsSearch.tooShort', { min: SEARCH_QUERY_MIN })
            : scope === 'directory'
              ? t('fsSearch.inFolder', { path: currentPath })
              : scope === 'mount'
                ? t('fsSearch.inMount', { path: mountPath ?? '' })
                : t('fsSearch.everywhere')}
        </p>
        {q.length >= SEARCH_QUERY_MIN && !(scope === 'mount' && !mountId && mounts.isPending) ? (
          <SearchResults
            params={searchParams(q, scope, currentPath, mountPath, mountId)}
            onOpen={(path, isDirectory) => choose(() => onOpen(path, isDirectory))}
            onReveal={(folder, name) => choose(() => onReveal(folder, name))}
          />
        ) : null}
      </div>
    </Dialog>
  );
}
