import { describe, expect, it } from 'vitest';
import { namedFileType } from './file-type-name';

const NAMED: [string, ReturnType<typeof namedFileType>][] = [
  ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'word'],
  ['application/vnd.openxmlformats-officedocument.wordprocessingml.template', 'word'],
  ['application/msword', 'word'],
  ['application/vnd.ms-word.document.macroEnabled.12', 'word'],
  ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'excel'],
  ['application/vnd.ms-excel', 'excel'],
  ['application/vnd.openxmlformats-officedocument.presentationml.slideshow', 'powerpoint'],
  ['application/vnd.ms-powerpoint; charset=binary', 'powerpoint'],
  ['application/vnd.oasis.opendocument.text', 'odfText'],
  ['application/vnd.oasis.opendocument.spreadsheet', 'odfSpreadsheet'],
  ['application/vnd.oasis.opendocument.presentation', 'odfPresentation'],
  // Types that read well as they are keep no name.
  ['image/png', undefined],
  ['application/pdf', undefined],
  ['application/vnd.android.package-archive', undefined],
];

describe('namedFileType', () => {
  it.each(NAMED)('%s → %s', (mimetype, expected) => {
    expect(namedFileType(mimetype)).toBe(expected);
  });
});
