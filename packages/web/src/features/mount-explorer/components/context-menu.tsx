import {
  Copy,
  Download,
  FolderInput,
  FolderOpen,
  FolderPlus,
  Link2,
  Pencil,
  Share2,
  ShoppingBasket,
  Trash2,
  Upload,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import type { ExplorerAction } from '../lib/actions';

/** Spec §9: the context menu's width bounds and stacking level. */
export const CONTEXT_MENU = { minWidth: 100, maxWidth: 600, zIndex: 100 } as const;

/** One icon per action, in the menu and the selection bar. */
export const ACTION_ICONS: Record<ExplorerAction, LucideIcon> = {
  open: FolderOpen,
  download: Download,
  share: Share2,
  copyLink: Link2,
  basket: ShoppingBasket,
  rename: Pencil,
  copy: Copy,
  move: FolderInput,
  delete: Trash2,
  newFolder: FolderPlus,
  upload: Upload,
};

export interface ContextMenuProps {
  x: number;
  y: number;
  actions: readonly ExplorerAction[];
  onAction(action: ExplorerAction): void;
  onClose(): void;
}

/** Keeps the menu inside the window: it opens left of or above the point when there is no room. */
function placeWithin(x: number, y: number, width: number, height: number) {
  const margin = 8;
  const left = x + width + margin > window.innerWidth ? Math.max(margin, x - width) : x;
  const top = y + height + margin > window.innerHeight ? Math.max(margin, y - height) : y;
  return { left, top };
}

/**
 * The explorer's context menu (right click, long press, "more" button): only the actions given, which
 * are the ones the caller's bits allow. Arrow keys move, Enter runs, Escape or a click elsewhere closes.
 */
export function ContextMenu({ x, y, actions, onAction, onClose }: ContextMenuProps) {
  const { t } = useTranslation();
  const menu = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState({ left: x, top: y });

  // Closed (Escape, an action, a click elsewhere): the keyboard goes back where it was, not to <body>. This
  // runs before a dialog the action opens reads its opener, so the dialog hands focus back there too.
  useLayoutEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const node = menu.current;
    return () => {
      const active = document.activeElement;
      const lost = !active || active === document.body || Boolean(node?.contains(active));
      if (opener?.isConnected && lost) opener.focus();
    };
  }, []);

  useLayoutEffect(() => {
    const rect = menu.current?.getBoundingClientRect();
    setPosition(placeWithin(x, y, rect?.width ?? 0, rect?.height ?? 0));
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [x, y]);

  useEffect(() => {
    const close = (event: Event) => {
      if (!menu.current?.contains(event.target as Node)) onClose();
    };
    const closeNow = () => onClose();
    document.addEventListener('pointerdown', close, true);
    window.addEventListener('resize', closeNow);
    window.addEventListener('scroll', closeNow, true);
    return () => {
      document.removeEventListener('pointerdown', close, true);
      window.removeEventListener('resize', closeNow);
      window.removeEventListener('scroll', closeNow, true);
    };
  }, [onClose]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const focus = (index: number) => items[(index + items.length) % items.length]?.focus();
    if (event.key === 'ArrowDown') focus(at + 1);
    else if (event.key === 'ArrowUp') focus(at - 1);
    else if (event.key === 'Home') focus(0);
    else if (event.key === 'End') focus(items.length - 1);
    else if (event.key === 'Escape' || event.key === 'Tab') onClose();
    else return;
    event.preventDefault();
    event.stopPropagation();
  };

  return createPortal(
    <div
      ref={menu}
      role="menu"
      aria-label={t('explorer.menu.label')}
      onKeyDown={onKeyDown}
      onContextMenu={(event) => event.preventDefault()}
      style={{
        left: position.left,
        top: position.top,
        minWidth: CONTEXT_MENU.minWidth,
        maxWidth: CONTEXT_MENU.maxWidth,
        zIndex: CONTEXT_MENU.zIndex,
      }}
      className="fixed w-56 overflow-hidden rounded-xl border border-line bg-surface p-1 shadow-2xl"
    >
      {actions.map((action) => {
        const Icon = ACTION_ICONS[action];
        return (
          <button
            key={action}
            type="button"
            role="menuitem"
            tabIndex={-1}
            onClick={() => {
              onClose();
              onAction(action);
            }}
            className={cn(
              'flex h-10 w-full items-center gap-2.5 rounded-lg px-2.5 text-left text-sm outline-none sm:h-9',
              'hover:bg-subtle focus-visible:bg-subtle',
              action === 'delete' ? 'text-danger-text' : 'text-fg',
            )}
          >
            <Icon className="size-4 shrink-0" aria-hidden="true" />
            <span className="truncate">{t(`explorer.actions.${action}`)}</span>
          </button>
        );
      })}
    </div>,
    document.body,
  );
}
