import { Folder, FolderTree, HardDrive } from 'lucide-react';
import { FileTypeIcon } from '../../../components/share/file-type-icon';
import { cn } from '../../../lib/cn';
import type { ExplorerEntry } from '../lib/fs-entry';

/** A mount, a folder between mounts, a folder, or the file's type icon. */
export function EntryIcon({ entry, className }: { entry: ExplorerEntry; className?: string }) {
  if (entry.isDirectory) {
    const Icon = entry.isMount ? HardDrive : entry.isVirtual ? FolderTree : Folder;
    return (
      <span
        className={cn(
          'flex size-9 shrink-0 items-center justify-center rounded-lg',
          entry.isMount ? 'bg-accent-soft text-accent-text' : 'bg-warning-soft text-warning-text',
          className,
        )}
        aria-hidden="true"
      >
        <Icon className="size-[55%]" />
      </span>
    );
  }
  return <FileTypeIcon filename={entry.name} mimetype={entry.mimetype ?? ''} className={className} />;
}
