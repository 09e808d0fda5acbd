import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { mockApi, ok, type RecordedRequest } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { UploadPage } from '../components/upload-page';

// Shared setup of the upload page's tests: storages, the upload limit, files, the API and a stand-in for XMLHttpRequest.
export const MiB = 1024 * 1024;
export const LOCAL = {
  id: 'local',
  name: 'Local',
  storage_type: 'LOCAL',
  provider_type: 'Local',
  is_default: 1,
  is_public: 1,
  total_storage_bytes: 100 * MiB,
  used_bytes: 40 * MiB,
};
export const SMALL = {
  id: 'tiny',
  name: 'Tiny',
  storage_type: 'S3',
  provider_type: 'Cloudflare R2',
  is_default: 0,
  is_public: 1,
  total_storage_bytes: 1000,
  used_bytes: 900,
};
/** The share settings every presign answer repeats (the original's names). */
export const PENDING_SHARE = { filename: 'f', s3_url: null, hasPassword: false, expiresAt: null, maxViews: 0 };
export const MAX = {
  max_upload_size: 10,
  max_upload_size_bytes: 10 * MiB,
  max_upload_size_value: 10,
  max_upload_size_unit: 'MB',
};

export function file(name: string, size: number, type = 'text/plain'): File {
  return new File([new Uint8Array(size)], name, { type, lastModified: 1_700_000_000_000 });
}

export function api(extra: Record<string, (r: RecordedRequest) => Response | Promise<Response>> = {}) {
  return mockApi({
    'GET /api/s3-configs': () => ok([LOCAL, SMALL]),
    'GET /api/system/max-upload-size': () => ok(MAX),
    ...extra,
  });
}

/** Renders the upload page and waits for its storages (the default one chosen); returns the user to act with. */
export async function renderUploadPage() {
  const user = userEvent.setup();
  renderWithApp(<UploadPage />);
  await waitFor(() => expect(screen.getByLabelText('Storage')).toHaveValue('local'));
  return user;
}

/** Drops files on the zone the way a browser's drag and drop delivers them. */
export function drop(files: File[]) {
  fireEvent.drop(screen.getByTestId('drop-zone'), { dataTransfer: { files, types: ['Files'] } });
}

/** A stand-in for XMLHttpRequest: every PUT succeeds at once with an ETag. */
export class FakeXhr {
  static puts: { url: string; size: number }[] = [];
  status = 0;
  timeout = 0;
  upload: { onprogress: ((e: { loaded: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  getResponseHeader(name: string) {
    return name.toLowerCase() === 'etag' ? '"e1"' : null;
  }
  abort() {
    this.onabort?.();
  }
  send(body: Blob) {
    FakeXhr.puts.push({ url: this.url, size: body.size });
    setTimeout(() => {
      this.upload.onprogress?.({ loaded: body.size });
      this.status = 200;
      this.onload?.();
    }, 0);
  }
}

/** A PUT that only ends when it is aborted; `aborted` counts the aborts. */
export class HangingXhr extends FakeXhr {
  static aborted = 0;
  override send() {}
  override abort() {
    HangingXhr.aborted += 1;
    super.abort();
  }
}

/** The presign answer for a small file (one PUT to `/put`). */
export function presigned(slug: string, filename: string) {
  return {
    file_id: `id-${slug}`,
    slug,
    upload_url: '/put',
    headers: {},
    storage_path: filename,
    storage_type: 'LOCAL',
    provider_type: 'Local',
    contentType: 'text/plain',
    upload_expires_at: '',
    url: '',
    ...PENDING_SHARE,
  };
}

/** The commit answer: the share of the finished upload `id`. */
export function committed(id: string, slug: string, filename: string, size: number) {
  return { ...detailDto(), id, slug, filename, size, created_at: '2026-01-01T00:00:00.000Z' };
}

export function detailDto() {
  return {
    mimetype: 'text/markdown',
    remark: null,
    has_password: true,
    expires_at: null,
    max_views: 0,
    views: 0,
    use_proxy: 1,
    storage_config_id: 'local',
    storage_config_name: 'Local',
    storage_type: 'LOCAL',
    provider_type: 'Local',
    storage_path: 'note.md',
    file_path: null,
    etag: '"e1"',
    created_by: 'admin',
    key_name: null,
    updated_at: '2026-01-01T00:00:00.000Z',
    url: 'http://x/file/shared-1',
    preview_url: 'http://x/api/file-view/shared-1',
    download_url: 'http://x/api/file-download/shared-1',
    previewUrl: 'http://x/api/file-view/shared-1',
    downloadUrl: 'http://x/api/file-download/shared-1',
    proxy_preview_url: 'http://x/api/file-view/shared-1',
    proxy_download_url: 'http://x/api/file-download/shared-1',
    type: 4,
    typeName: 'text',
    urls: {
      previewUrl: 'http://x/api/file-view/shared-1',
      downloadUrl: 'http://x/api/file-download/shared-1',
      proxyPreviewUrl: 'http://x/api/file-view/shared-1',
      proxyDownloadUrl: 'http://x/api/file-download/shared-1',
      use_proxy: 1,
    },
  };
}
