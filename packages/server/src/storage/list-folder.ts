import type { ListBatch, ObjectStore } from './object-store.js';

/**
 * Every entry of one folder level below `prefix` (the `/` delimiter), a page-sized batch at a time: the
 * store's one-pass `listFolder` where it has one (LOCAL), else its pages, the next one listed while the
 * caller works on this one (two batches in memory at most either way).
 */
export async function* folderBatches(store: ObjectStore, prefix: string): AsyncGenerator<ListBatch> {
  if (store.listFolder) {
    yield* store.listFolder(prefix);
    return;
  }
  const list = (cursor?: string) => store.list({ prefix, delimiter: '/', ...(cursor ? { cursor } : {}) });
  let next = list();
  for (;;) {
    const page = await next;
    if (page.nextCursor) {
      next = list(page.nextCursor);
      next.catch(() => undefined); // a reader that stops early never awaits it
    }
    yield { objects: page.objects, prefixes: page.prefixes };
    if (!page.nextCursor) return;
  }
}

/**
 * Whether any object lies below the folder `prefix` ('' or ending with `/`; a folder exists by its objects):
 * the store's `hasObjects` where it has one (LOCAL: no reading and sorting of a large folder), else a page of one.
 */
export async function folderHasObjects(store: ObjectStore, prefix: string): Promise<boolean> {
  if (store.hasObjects) return store.hasObjects(prefix);
  const page = await store.list({ prefix, limit: 1 });
  return page.objects.length > 0 || page.prefixes.length > 0;
}
