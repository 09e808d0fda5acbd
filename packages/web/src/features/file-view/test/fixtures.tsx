import { SETTING_DEFINITIONS, type FileDetailDto, type FilePublicDto } from '@driftbox/contract';
import { Route, Routes } from 'react-router';
import { beforeAll, beforeEach } from 'vitest';
import { loadRenderer } from '../../../components/markdown/use-rendered-markdown';
import { ok, type RecordedRequest } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { FileViewPage } from '../components/file-view-page';

// Shared setup of the file page's tests: the visitor's and the owner's view of one file, the preview settings and the page on its route.
export const ORIGIN = 'http://localhost:3000';

/** Registers every file-page test file's hooks: the Markdown renderer loaded once, browser storage emptied before each test. */
export function setUpFilePageTests() {
  beforeAll(async () => {
    await loadRenderer();
  });
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}

export const file = (overrides: Partial<FilePublicDto> = {}): FilePublicDto => ({
  slug: 'pic',
  filename: 'photo.png',
  mimetype: 'image/png',
  size: 2048,
  remark: 'Holiday',
  created_at: '2026-03-01T00:00:00.000Z',
  expires_at: null,
  max_views: 0,
  views: 1,
  use_proxy: 1,
  has_password: false,
  type: 5,
  typeName: 'image',
  requires_password: false,
  is_last_view: false,
  previewUrl: `${ORIGIN}/api/file-view/pic?token=t1`,
  downloadUrl: `${ORIGIN}/api/file-download/pic?token=t1`,
  proxy_preview_url: `${ORIGIN}/api/file-view/pic?token=t1`,
  proxy_download_url: `${ORIGIN}/api/file-download/pic?token=t1`,
  access_token: 't1',
  access_token_expires_at: '2999-01-01T00:00:00.000Z',
  ...overrides,
});
/** A Word document's name and type, for the Office preview's tests. */
export const DOCX = {
  filename: 'report.docx',
  mimetype: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** GET /api/office-preview/:slug's answer: report.docx at `url`, which the online viewers can reach or not. */
export const officePreview =
  (url: string, publiclyReachable = true) =>
  () =>
    ok({
      url,
      filename: 'report.docx',
      mimetype: 'x',
      expires_in: 3600,
      is_temporary: true,
      publicly_reachable: publiclyReachable,
    });

export const locked = (overrides: Partial<FilePublicDto> = {}) =>
  file({
    has_password: true,
    requires_password: true,
    previewUrl: null,
    downloadUrl: null,
    proxy_preview_url: null,
    proxy_download_url: null,
    access_token: null,
    access_token_expires_at: null,
    ...overrides,
  });

/** The preview group as visitors read it (`metadata=false`), with overrides. */
export function previewSettings(overrides: Record<string, string> = {}) {
  return () =>
    ok(
      SETTING_DEFINITIONS.filter((d) => d.group === 2).map((d) => ({
        key: d.key,
        value: overrides[d.key] ?? d.default,
      })),
    );
}

export function renderPage(slug = 'pic') {
  return renderWithApp(
    <Routes>
      <Route path="/file/:slug" element={<FileViewPage />} />
    </Routes>,
    { route: `/file/${slug}` },
  );
}

export const reads = (requests: RecordedRequest[]) => requests.filter((r) => r.url.startsWith('/api/public/files/'));

/** The management detail of the same file (`GET /api/files/{slug}`), its links carrying the owner's token. */
export const detail = (overrides: Partial<FileDetailDto> = {}): FileDetailDto => ({
  id: 'f1',
  slug: 'pic',
  filename: 'photo.png',
  mimetype: 'image/png',
  size: 2048,
  remark: 'Holiday',
  has_password: true,
  expires_at: null,
  max_views: 1,
  views: 0,
  use_proxy: 1,
  storage_config_id: 'local',
  storage_config_name: 'Local storage',
  storage_type: 'LOCAL',
  provider_type: null,
  storage_path: 'photo.png',
  file_path: null,
  etag: null,
  created_by: 'apikey:k1',
  key_name: 'laptop',
  created_at: '2026-03-01T00:00:00.000Z',
  updated_at: '2026-03-01T00:00:00.000Z',
  type: 5,
  typeName: 'image',
  url: `${ORIGIN}/file/pic`,
  preview_url: `${ORIGIN}/api/file-view/pic?token=own`,
  download_url: `${ORIGIN}/api/file-download/pic?token=own`,
  previewUrl: `${ORIGIN}/api/file-view/pic?token=own`,
  downloadUrl: `${ORIGIN}/api/file-download/pic?token=own`,
  proxy_preview_url: `${ORIGIN}/api/file-view/pic?token=own`,
  proxy_download_url: `${ORIGIN}/api/file-download/pic?token=own`,
  urls: {
    previewUrl: `${ORIGIN}/api/file-view/pic?token=own`,
    downloadUrl: `${ORIGIN}/api/file-download/pic?token=own`,
    proxyPreviewUrl: `${ORIGIN}/api/file-view/pic?token=own`,
    proxyDownloadUrl: `${ORIGIN}/api/file-download/pic?token=own`,
    use_proxy: 1,
  },
  ...overrides,
});
