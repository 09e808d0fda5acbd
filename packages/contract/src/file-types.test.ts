import { describe, expect, it } from 'vitest';
import { fileTypeOf } from './file-types.js';

describe('fileTypeOf (the original type numbers)', () => {
  it.each([
    ['clip.mp4', 'video/mp4', 2, 'video'],
    ['song.mp3', 'audio/mpeg', 3, 'audio'],
    ['notes.md', 'text/markdown', 4, 'text'],
    ['main.ts', 'application/octet-stream', 4, 'text'],
    ['stream.ts', 'video/mp2t', 2, 'video'],
    ['photo.png', 'image/png', 5, 'image'],
    ['report.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 6, 'office'],
    ['sheet.XLSX', 'application/octet-stream', 6, 'office'],
    ['paper.pdf', 'application/pdf', 7, 'document'],
    ['data.json', 'application/json', 4, 'text'],
    ['archive.zip', 'application/zip', 0, 'unknown'],
    ['Makefile', 'application/octet-stream', 4, 'text'],
  ])('%s (%s) is %i %s', (filename, mimetype, type, typeName) => {
    expect(fileTypeOf(filename, mimetype)).toEqual({ type, typeName });
  });
});
