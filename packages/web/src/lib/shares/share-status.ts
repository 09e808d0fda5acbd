/** The fields of a paste that decide whether visitors can still open it. */
export interface PasteLife {
  expires_at: string | null;
  max_views: number;
  view_count: number;
}

/** Why visitors can no longer open a paste (the server then answers 410), or null while it is live. */
export function pasteDeadReason(paste: PasteLife, now: number): 'expired' | 'usedUp' | null {
  if (paste.expires_at && Date.parse(paste.expires_at) <= now) return 'expired';
  if (paste.max_views > 0 && paste.view_count >= paste.max_views) return 'usedUp';
  return null;
}

/** The same for a file share (files follow the pastes' view rule; their count is `views`). */
export function fileDeadReason(
  file: { expires_at: string | null; max_views: number; views: number },
  now: number,
): 'expired' | 'usedUp' | null {
  return pasteDeadReason({ expires_at: file.expires_at, max_views: file.max_views, view_count: file.views }, now);
}
