/**
 * A ShareX custom uploader (`.sxcu`) for one API key: ShareX posts the file as multipart form data to
 * `POST /api/upload` (field `file`) with `Authorization: ApiKey <key>`, and reads the share's links from
 * the JSON envelope (`data.url` the share page, `data.preview_url` the file itself). Built here so the web's
 * download and the server's route test send the very same request.
 */
export interface ShareXConfig {
  Version: string;
  Name: string;
  DestinationType: string;
  RequestMethod: 'POST';
  RequestURL: string;
  Headers: Record<string, string>;
  Body: 'MultipartFormData';
  FileFormName: string;
  URL: string;
  ThumbnailURL: string;
  ErrorMessage: string;
}

/** The form field the upload route reads the file from. */
export const SHAREX_FILE_FIELD = 'file';

export interface ShareXInput {
  /** The backend's base URL (`https://host` or `https://host/sub`), without a trailing slash. */
  base: string;
  /** The full API key. */
  apiKey: string;
  /** The key's name, shown in ShareX's uploader list. */
  keyName: string;
  /** The site's title. */
  siteTitle: string;
}

export function shareXConfig({ base, apiKey, keyName, siteTitle }: ShareXInput): ShareXConfig {
  return {
    Version: '15.0.0',
    Name: `${siteTitle} (${keyName})`,
    DestinationType: 'ImageUploader, TextUploader, FileUploader',
    RequestMethod: 'POST',
    RequestURL: `${base.replace(/\/+$/, '')}/api/upload`,
    Headers: { Authorization: `ApiKey ${apiKey}` },
    Body: 'MultipartFormData',
    FileFormName: SHAREX_FILE_FIELD,
    URL: '{json:data.url}',
    ThumbnailURL: '{json:data.preview_url}',
    ErrorMessage: '{json:message}',
  };
}

/** A file name for the config: the key's name reduced to safe characters. */
export function shareXFileName(keyName: string): string {
  const stem = keyName.replace(/[^\p{L}\p{N}_-]+/gu, '-').replace(/^-+|-+$/g, '') || 'driftbox';
  return `${stem}.sxcu`;
}

/** Resolves ShareX's `{json:a.b.c}` template against a parsed JSON answer (what ShareX itself does). */
export function resolveShareXTemplate(template: string, answer: unknown): string {
  return template.replace(/\{json:([^}]+)\}/g, (_all, path: string) => {
    let value: unknown = answer;
    for (const part of path.split('.')) value = (value as Record<string, unknown> | null)?.[part];
    return value === undefined || value === null ? '' : String(value);
  });
}
