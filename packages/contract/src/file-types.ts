import { SETTINGS_CATALOGUE } from './settings-catalogue.js';
import { settingAsList } from './settings-values.js';

/**
 * The original's coarse file classes, sent as `type` (a number) and `typeName` on file rows, upload
 * results and URL info: its clients choose icons and viewers by them. The numbers are the original's.
 */
export const FILE_TYPES = {
  unknown: 0,
  folder: 1,
  video: 2,
  audio: 3,
  text: 4,
  image: 5,
  office: 6,
  document: 7,
} as const;
export type FileTypeName = keyof typeof FILE_TYPES;

export interface FileTypeInfo {
  type: (typeof FILE_TYPES)[FileTypeName];
  typeName: FileTypeName;
}

const OFFICE_MIME =
  /^application\/(msword|rtf|vnd\.ms-|vnd\.openxmlformats-officedocument\.|vnd\.oasis\.opendocument\.)/;

/** Extension → class, from the preview lists' defaults (the admin's edits change previews, not the wire class). */
const BY_EXTENSION: ReadonlyMap<string, FileTypeName> = new Map(
  (
    [
      ['video', 'preview_video_types'],
      ['audio', 'preview_audio_types'],
      ['image', 'preview_image_types'],
      ['office', 'preview_office_types'],
      ['document', 'preview_document_types'],
      // Last, so `ts` (in the video list too) is text unless the stored type says video.
      ['text', 'preview_text_types'],
    ] as const
  ).flatMap(([name, key]) => settingAsList(SETTINGS_CATALOGUE[key].default).map((ext) => [ext, name] as const)),
);

/** The lower-case extension (`report.tar.GZ` → `gz`); names like `Dockerfile` count as their own name. */
export function extensionOf(filename: string): string {
  const name = filename.toLowerCase();
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1) : name;
}

function info(typeName: FileTypeName): FileTypeInfo {
  return { type: FILE_TYPES[typeName], typeName };
}

/** The class of a file: its stored type first (image/audio/video/text, Office, PDF), else its extension. */
export function fileTypeOf(filename: string, mimetype: string): FileTypeInfo {
  const mime = mimetype.toLowerCase();
  const major = mime.split('/')[0];
  if (major === 'video' || major === 'audio' || major === 'image') return info(major);
  if (OFFICE_MIME.test(mime)) return info('office');
  if (mime === 'application/pdf') return info('document');
  const byExtension = BY_EXTENSION.get(extensionOf(filename));
  if (byExtension) return info(byExtension);
  return info(major === 'text' || mime === 'application/json' ? 'text' : 'unknown');
}
