import { contentDisposition } from '../../http/content-safety.js';
import type { Actor } from '../../lib/auth/actor.js';
import { AppError, notFound } from '../../lib/errors.js';
import { msg } from '../../lib/i18n/catalogue.js';
import { isStorageError } from '../../storage/errors.js';
import { storageToAppError } from '../../storage/http-errors.js';
import type { Vfs } from '../../vfs/vfs.js';
import { mimetypeFor } from '../files/files.module.js';
import { streamObject, type StreamAnswer, type StreamRequest } from './fs-delivery.js';
import { fsListing, type ListRequest } from './fs-listing.js';
import type { ListingCache } from './fs-listing-cache.js';
import type { Disposition, FsLinks } from './fs-links.js';
import { baseName, folderPrefix, type FsStores, type FsTarget } from './fs-store.js';
import { presentFile } from './fs.presenter.js';

/** Presigned links of mounts without web proxy live at most this long (the original's 1 h). */
const DIRECT_LINK_MAX_SECONDS = 3600;

/** Who signs `/api/p` paths: the signature stands for the caller that was authorised to get the link. */
const PROXY_ACTOR: Actor = { type: 'admin', id: 'proxy-link', username: 'proxy-link' };

export interface FsReadDeps {
  vfs: Vfs;
  stores: FsStores;
  cache: ListingCache;
  links: FsLinks;
}

/** The mount explorer's reads: list, get, download, file-link, and the signed proxy `/api/p`. */
export function createFsReadService(deps: FsReadDeps) {
  const { vfs, stores, links } = deps;
  const listing = fsListing(deps);

  /** The file at a path a caller may read (400 for a virtual folder, 404 for a folder or nothing). */
  async function fileAt(actor: Actor, path: string, op: 'get' | 'download' | 'link'): Promise<FsTarget> {
    const target = await stores.open(stores.mountOf(await vfs.resolve(actor, path, op)));
    if (target.key === '') throw new AppError('BAD_REQUEST', { text: msg('fsfiles.isFolder') });
    return target;
  }

  /** A link to a file: `/api/p` on web-proxy mounts, else a short-lived presigned one (LOCAL: its signed URL). */
  async function linkTo(target: FsTarget, disposition: Disposition, lifetime?: number) {
    const { mount, path } = target.location;
    if (mount.webProxy) return links.link(mount, path, disposition, lifetime);
    const name = baseName(target.key);
    const expiresIn = Math.min(lifetime ?? target.config.signature_expires_in, DIRECT_LINK_MAX_SECONDS);
    const signed = await target.store
      .presignGet(target.key, {
        expiresIn,
        contentType: mimetypeFor(name, undefined),
        ...(disposition === 'attachment' ? { contentDisposition: contentDisposition('attachment', name) } : {}),
      })
      .catch((err: unknown) => {
        throw storageToAppError(err);
      });
    return { url: signed.url, expiresIn, expiresAt: signed.expiresAt };
  }

  return {
    async list(actor: Actor, path: string, request: ListRequest) {
      return listing.list(await vfs.resolve(actor, path, 'list'), request);
    },

    /** `list`'s whole success envelope, serialized (`envelope` wraps the data's JSON); cached pages come ready. */
    async listAnswer(actor: Actor, path: string, request: ListRequest, envelope: (data: string) => string) {
      return listing.answer(await vfs.resolve(actor, path, 'list'), request, envelope);
    },

    /** Metadata of a file or folder (notes §3.11 `fs/get`); a folder is one found by a one-key listing. */
    async get(actor: Actor, path: string) {
      const target = await stores.open(stores.mountOf(await vfs.resolve(actor, path, 'get')));
      const { location } = target;
      const common = { mount_id: location.mount.id, storage_type: location.mount.storageType };
      const info =
        target.key === ''
          ? null
          : await target.store.head(target.key).catch((err: unknown) => {
              if (isStorageError(err, 'NOT_FOUND')) return null;
              throw storageToAppError(err);
            });
      if (info) {
        const file = presentFile('/', baseName(location.path), info);
        const [preview, download] = await Promise.all([linkTo(target, 'inline'), linkTo(target, 'attachment')]);
        return { ...file, path: location.path, ...common, preview_url: preview.url, download_url: download.url };
      }
      if (target.key !== '') {
        const page = await target.store.list({ prefix: folderPrefix(target.key), limit: 1 }).catch((err: unknown) => {
          throw storageToAppError(err);
        });
        if (page.objects.length === 0 && page.prefixes.length === 0 && location.children.length === 0)
          throw notFound('path');
      }
      return {
        path: location.path,
        name: baseName(location.path) || location.mount.path.slice(1),
        isDirectory: true,
        size: null,
        modified: null,
        contentType: null,
        etag: null,
        ...common,
        type: 1,
        typeName: 'folder',
        preview_url: null,
        download_url: null,
      };
    },

    /** The file's bytes through the server, as an attachment (Range, conditional requests). */
    async download(actor: Actor, path: string, request: Omit<StreamRequest, 'disposition'>): Promise<StreamAnswer> {
      return streamObject(await fileAt(actor, path, 'download'), { ...request, disposition: 'attachment' });
    },

    /**
     * A link to a file for `expiresIn` seconds (default: the mount's or global lifetime on web-proxy
     * mounts, the config's link lifetime (≤ 1 h) otherwise). The original's `file-link` skipped the base
     * path and always gave a raw presigned URL; this one goes through the vfs and the mount's proxy.
     */
    async fileLink(actor: Actor, path: string, expiresIn: number | undefined, forceDownload: boolean) {
      const target = await fileAt(actor, path, 'link');
      const link = await linkTo(target, forceDownload ? 'attachment' : 'inline', expiresIn);
      return {
        success: true,
        presignedUrl: link.url,
        name: baseName(target.key),
        expiresIn: link.expiresIn,
        expiresAt: link.expiresAt ? link.expiresAt.toISOString() : null,
        forceDownload,
      };
    },

    /**
     * `GET /api/p/<path>`: anyone holding a live link of a web-proxy mount. Without a valid signature
     * (when the mount or `proxy_sign_all` needs one) the answer is 403; the signature binds the download flag.
     */
    async proxy(rawPath: string, sign: string | undefined, request: StreamRequest): Promise<StreamAnswer> {
      const resolved = await vfs.resolve(PROXY_ACTOR, rawPath, 'download', { encoded: true });
      if (resolved.kind !== 'mount' || !resolved.mount.webProxy)
        throw new AppError('NOT_FOUND', { text: msg('fsfiles.noProxy') });
      if ((await links.signRequired(resolved.mount)) && !links.verify(resolved.path, request.disposition, sign))
        throw new AppError('FORBIDDEN', { text: msg('fsfiles.badSignature') });
      const target = await stores.open(resolved);
      if (target.key === '') throw notFound('path');
      return streamObject(target, request);
    },
  };
}
export type FsReadService = ReturnType<typeof createFsReadService>;
