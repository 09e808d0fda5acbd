// A dev-only page for the fs-media e2e journey and its screenshots: a bare folder list over /api/fs/list
// with the upload panel, the drop zone and the preview, standing in for the explorer (never in the app).
import './harness.css';
import { QueryClient, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { AppProviders } from '../../../packages/web/src/app/providers';
import { apiRequest } from '../../../packages/web/src/lib/api/api-client';
import { initTheme } from '../../../packages/web/src/lib/site/theme';
import { FsPreview } from '../../../packages/web/src/features/fs-preview/components/fs-preview';
import type { FsEntryRef } from '../../../packages/web/src/features/fs-preview/lib/fs-entry';
import { FsUploadPanel } from '../../../packages/web/src/features/fs-upload/components/fs-upload-panel';
import { useFsDropZone } from '../../../packages/web/src/features/fs-upload/hooks/use-fs-drop-zone';

const Listing = z.object({
  items: z.array(
    z.object({
      name: z.string(),
      path: z.string(),
      isDirectory: z.boolean(),
      size: z.number().nullable().optional(),
      modified: z.string().nullable().optional(),
    }),
  ),
});

function Harness() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const path = params.get('path') ?? '/';
  const preview = params.get('preview');
  const list = useQuery({
    queryKey: ['fs', 'list', path],
    queryFn: () => apiRequest('/fs/list', { query: { path }, schema: Listing }),
  });
  const entries: FsEntryRef[] = (list.data?.items ?? []).map((e) => ({
    ...e,
    size: e.size ?? null,
    modified: e.modified ?? null,
  }));
  const [opened, setOpened] = useState<string | null>(preview);
  const open = entries.find((e) => e.name === opened);
  const { dragging, dropZoneProps } = useFsDropZone(path);
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-4 p-3 sm:p-6">
      <h1 className="text-lg font-semibold text-fg">{path}</h1>
      <div
        {...dropZoneProps}
        data-testid="folder"
        className={`relative min-h-32 rounded-xl border bg-surface ${dragging ? 'border-accent' : 'border-line'}`}
      >
        <ul className="divide-y divide-line">
          {entries.map((e) => (
            <li key={e.path}>
              <button
                type="button"
                className="w-full px-4 py-2 text-left text-sm text-fg hover:bg-subtle"
                onClick={() => (e.isDirectory ? navigate(`/?path=${encodeURIComponent(e.path)}`) : setOpened(e.name))}
              >
                {e.isDirectory ? '📁 ' : ''}
                {e.name}
              </button>
            </li>
          ))}
        </ul>
        {dragging ? (
          <div className="absolute inset-0 flex items-center justify-center rounded-xl bg-accent/10 text-sm font-medium text-accent-text">
            Drop to upload
          </div>
        ) : null}
      </div>
      <FsUploadPanel currentPath={path} onUploaded={() => undefined} />
      {open ? (
        <FsPreview
          entry={open}
          siblings={entries}
          onNavigate={(e) => setOpened(e.name)}
          onClose={() => setOpened(null)}
          canEdit
        />
      ) : null}
    </main>
  );
}

initTheme();
const router = createBrowserRouter([{ path: '*', element: <Harness /> }]);
createRoot(document.getElementById('root')!).render(
  <AppProviders queryClient={new QueryClient()}>
    <RouterProvider router={router} />
  </AppProviders>,
);
