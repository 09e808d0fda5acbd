/** Document families whose MIME types are too long to show as they are (locale keys `fileView.types.*`). */
export type NamedFileType = 'word' | 'excel' | 'powerpoint' | 'odfText' | 'odfSpreadsheet' | 'odfPresentation';

/**
 * Office types by prefix, so templates, slide shows and macro-enabled variants are named too:
 * `application/vnd.openxmlformats-officedocument.wordprocessingml.document` is a Word document.
 */
const NAMED_PREFIXES: [string, NamedFileType][] = [
  ['application/msword', 'word'],
  ['application/vnd.ms-word.', 'word'],
  ['application/vnd.openxmlformats-officedocument.wordprocessingml.', 'word'],
  ['application/vnd.ms-excel', 'excel'],
  ['application/vnd.openxmlformats-officedocument.spreadsheetml.', 'excel'],
  ['application/vnd.ms-powerpoint', 'powerpoint'],
  ['application/vnd.openxmlformats-officedocument.presentationml.', 'powerpoint'],
  ['application/vnd.oasis.opendocument.text', 'odfText'],
  ['application/vnd.oasis.opendocument.spreadsheet', 'odfSpreadsheet'],
  ['application/vnd.oasis.opendocument.presentation', 'odfPresentation'],
];

/** The family of a MIME type (parameters and case ignored), or undefined when it reads well as it is. */
export function namedFileType(mimetype: string): NamedFileType | undefined {
  const essence = (mimetype.split(';')[0] ?? '').trim().toLowerCase();
  return NAMED_PREFIXES.find(([prefix]) => essence.startsWith(prefix))?.[1];
}
