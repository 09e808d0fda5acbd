import { FileCode, FileVideo } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { fileTypeIcon } from './file-type-icon';

describe('fileTypeIcon', () => {
  it('shows .ts as code unless its stored type is a video', () => {
    expect(fileTypeIcon('app.ts', 'application/octet-stream')).toBe(FileCode);
    expect(fileTypeIcon('app.ts', 'text/x-typescript')).toBe(FileCode);
    expect(fileTypeIcon('clip.ts', 'video/mp2t')).toBe(FileVideo);
  });
});
