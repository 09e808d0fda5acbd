import {
  File,
  FileArchive,
  FileAudio,
  FileCode,
  FileImage,
  FileSpreadsheet,
  FileText,
  FileVideo,
  Presentation,
  type LucideIcon,
} from 'lucide-react';
import { cn } from '../../lib/cn';
import { extensionOf } from '@driftbox/contract';

const BY_EXTENSION: [LucideIcon, string[]][] = [
  [FileImage, ['jpg', 'jpeg', 'png', 'gif', 'webp', 'avif', 'bmp', 'ico', 'tiff', 'heic']],
  // No `ts` here: an MPEG transport stream is told from TypeScript by its type (video/mp2t), checked first.
  [FileVideo, ['mp4', 'mkv', 'mov', 'avi', 'webm', 'flv', 'm4v', 'm2ts', 'rmvb']],
  [FileAudio, ['mp3', 'flac', 'ogg', 'm4a', 'wav', 'opus', 'wma', 'aac']],
  [FileArchive, ['zip', 'rar', '7z', 'tar', 'gz', 'tgz', 'bz2', 'xz', 'zst']],
  [FileSpreadsheet, ['xls', 'xlsx', 'csv', 'ods', 'numbers']],
  [Presentation, ['ppt', 'pptx', 'odp', 'key']],
  [FileText, ['pdf', 'doc', 'docx', 'odt', 'rtf', 'txt', 'md', 'markdown']],
  [
    FileCode,
    [
      'js',
      'ts',
      'tsx',
      'jsx',
      'json',
      'html',
      'htm',
      'css',
      'xml',
      'svg',
      'py',
      'go',
      'rs',
      'java',
      'c',
      'cpp',
      'h',
      'sh',
      'yml',
      'yaml',
      'sql',
      'php',
      'vue',
    ],
  ],
];

/** An icon for a file by its type: picture, video, sound, archive, sheet, slides, document, code. */
export function fileTypeIcon(filename: string, mimetype: string): LucideIcon {
  if (mimetype.startsWith('image/') && !mimetype.includes('svg')) return FileImage;
  if (mimetype.startsWith('video/')) return FileVideo;
  if (mimetype.startsWith('audio/')) return FileAudio;
  const ext = extensionOf(filename);
  return BY_EXTENSION.find(([, exts]) => exts.includes(ext))?.[0] ?? (mimetype.startsWith('text/') ? FileText : File);
}

/** The type icon in a soft tile, as lists and the file page show it. */
export function FileTypeIcon({
  filename,
  mimetype,
  className,
}: {
  filename: string;
  mimetype: string;
  className?: string;
}) {
  const Icon = fileTypeIcon(filename, mimetype);
  return (
    <span
      className={cn(
        'flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent-text',
        className,
      )}
      aria-hidden="true"
    >
      <Icon className="size-[55%]" />
    </span>
  );
}
