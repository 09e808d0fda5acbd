import {
  PASTE_PREVIEW_CHARS,
  type PasteDetailDto,
  type PasteDto,
  type PasteListItemDto,
  type PasteLockedDto,
  type PasteViewDto,
} from '@driftbox/contract';
import type { AdminActor, ApiKeyActor } from '../../lib/auth/actor.js';
import type { PasteDetailRow, PasteListRow, PasteMeta, PasteRow } from './pastes.repository.js';

// Presenters are the only way paste data leaves the server (STYLE §12): none of them can emit the
// password hash or its version. The public ones show `created_by` as the original did: its client
// offers editing to the creator by it (an id, not a secret; editing still needs the creator's auth).

const maxViewsOf = (row: Pick<PasteRow, 'max_views'>): number => row.max_views ?? 0;

/** `POST /api/paste`: the original's field names. */
export function presentCreated(row: PasteRow, actor: AdminActor | ApiKeyActor): PasteDto {
  return {
    id: row.id,
    slug: row.slug,
    remark: row.remark,
    expiresAt: row.expires_at,
    maxViews: maxViewsOf(row),
    hasPassword: row.password_hash !== null,
    title: row.title,
    is_public: row.is_public === 1,
    createdAt: row.created_at,
    authorizedBy: actor.type,
  };
}

/** A protected paste to a visitor without a valid token: metadata only. */
export function presentLocked(row: PasteMeta): PasteLockedDto {
  return {
    slug: row.slug,
    title: row.title,
    remark: row.remark,
    expiresAt: row.expires_at,
    maxViews: maxViewsOf(row),
    views: row.views,
    createdAt: row.created_at,
    created_by: row.created_by,
    hasPassword: true,
    requiresPassword: true,
  };
}

/** A counted view; `row` is the row after the increment, so `views` includes this view. */
export function presentView(row: PasteRow): PasteViewDto {
  const maxViews = maxViewsOf(row);
  return {
    slug: row.slug,
    title: row.title,
    content: row.content,
    remark: row.remark,
    expiresAt: row.expires_at,
    maxViews,
    views: row.views,
    createdAt: row.created_at,
    created_by: row.created_by,
    updatedAt: row.updated_at,
    hasPassword: row.password_hash !== null,
    requiresPassword: false,
    isLastView: maxViews > 0 && row.views >= maxViews,
  };
}

/** A management list row with a 200-character preview. */
export function presentListItem(row: PasteListRow): PasteListItemDto {
  // Count code points as the database's substr does, so an emoji is never cut in half.
  const chars = Array.from(row.content_head);
  const cut = chars.length > PASTE_PREVIEW_CHARS;
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    is_public: Number(row.is_public) === 1,
    remark: row.remark,
    has_password: Number(row.has_password) === 1,
    expires_at: row.expires_at,
    max_views: maxViewsOf(row),
    view_count: row.views,
    created_by: row.created_by,
    key_name: row.key_name,
    content_preview: cut ? `${chars.slice(0, PASTE_PREVIEW_CHARS).join('')}...` : row.content_head,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The whole paste for its owner or an admin; never the password. */
export function presentDetail(row: PasteDetailRow): PasteDetailDto {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    is_public: row.is_public === 1,
    content: row.content,
    remark: row.remark,
    has_password: row.password_hash !== null,
    expires_at: row.expires_at,
    max_views: maxViewsOf(row),
    view_count: row.views,
    created_by: row.created_by,
    key_name: row.key_name,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
