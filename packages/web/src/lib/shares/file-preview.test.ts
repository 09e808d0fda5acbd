import { describe, expect, it } from 'vitest';
import { FALLBACK_PREVIEW_SETTINGS, previewKindOf, previewSettingsFrom } from './file-preview';

const defaults = previewSettingsFrom({});

describe('previewKindOf', () => {
  it('tells a TypeScript file from an MPEG transport stream by the stored type', () => {
    expect(previewKindOf('clip.ts', 'video/mp2t', defaults)).toBe('video');
    expect(previewKindOf('app.ts', 'application/typescript', defaults)).toBe('text');
    expect(previewKindOf('app.ts', 'text/plain', defaults)).toBe('text');
    expect(previewKindOf('app.ts', 'application/octet-stream', defaults)).toBe('text');
  });

  it('does not play a file whose stored type is text even when only a media list names it', () => {
    const settings = previewSettingsFrom({ preview_text_types: 'txt' });
    expect(previewKindOf('app.ts', 'text/x-typescript', settings)).toBe('none');
    expect(previewKindOf('clip.ts', 'application/octet-stream', settings)).toBe('video');
  });

  it('follows the lists for Markdown and text types once the settings are read', () => {
    const settings = previewSettingsFrom({ preview_text_types: 'txt' });
    expect(previewKindOf('notes.md', 'text/markdown', settings)).toBe('none');
    expect(previewKindOf('data.csv', 'text/csv', settings)).toBe('none');
    expect(previewKindOf('a.txt', 'text/plain', settings)).toBe('text');
    expect(previewKindOf('notes.md', 'text/markdown', previewSettingsFrom({ preview_text_types: 'md' }))).toBe(
      'markdown',
    );
    // Listing md previews Markdown under its other names too (README.markdown, notes.mdown).
    for (const name of ['README.markdown', 'notes.mdown', 'report.Rmd'])
      expect(previewKindOf(name, 'text/markdown', previewSettingsFrom({ preview_text_types: 'md' })), name).toBe(
        'markdown',
      );
    expect(previewKindOf('README.markdown', 'text/markdown', previewSettingsFrom({ preview_text_types: 'txt' }))).toBe(
      'none',
    );
  });

  it('previews any text by its type only with the fallback used when the settings cannot be read', () => {
    expect(previewKindOf('guide.adoc', 'text/asciidoc', defaults)).toBe('none');
    expect(previewKindOf('guide.adoc', 'text/asciidoc', FALLBACK_PREVIEW_SETTINGS)).toBe('text');
    // Common text formats are in the default list.
    for (const name of ['app.yaml', 'server.log', 'data.csv', 'Cargo.toml', 'setup.cfg', 'style.css'])
      expect(previewKindOf(name, 'application/octet-stream', defaults), name).toBe('text');
    expect(previewKindOf('notes.markdown', 'application/octet-stream', FALLBACK_PREVIEW_SETTINGS)).toBe('markdown');
  });
});
