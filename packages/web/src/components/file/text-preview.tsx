import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownState } from '../markdown/markdown-body';
import { useRenderedMarkdown } from '../markdown/use-rendered-markdown';
import { ErrorState } from '../ui/error-state';
import { Skeleton } from '../ui/spinner';
import { extensionOf } from '@driftbox/contract';

/** Larger text is not fetched for a preview: the download is the better way to read it. */
export const TEXT_PREVIEW_MAX_BYTES = 1024 * 1024;

/** highlight.js names for extensions it does not know as aliases. */
const LANGUAGE_OF: Record<string, string> = {
  htm: 'html',
  svg: 'xml',
  vue: 'xml',
  conf: 'ini',
  yml: 'yaml',
  h: 'c',
  hpp: 'cpp',
  txt: 'plaintext',
  license: 'plaintext',
  readme: 'plaintext',
};

/**
 * The file as a fenced code block, so the one Markdown renderer highlights it (highlight.js) and
 * sanitises it; the fence is longer than any backtick run inside, so the text cannot close it.
 */
export function asCodeBlock(text: string, filename: string): string {
  const ext = extensionOf(filename);
  const longest = Math.max(0, ...Array.from(text.matchAll(/`+/g), (match) => match[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  const language = LANGUAGE_OF[ext] ?? (/^[a-z0-9]+$/.test(ext) ? ext : '');
  return `${fence}${language}\n${text.replace(/\r?\n$/, '')}\n${fence}`;
}

/** The charset a type names (`text/plain; charset=gbk` → `gbk`), if any. */
function charsetOf(type: string): string | undefined {
  return /;\s*charset\s*=\s*"?([\w.:-]+)"?/i.exec(type)?.[1]?.toLowerCase();
}

/** A decoder for a label the browser knows, else undefined. */
function decoderFor(label: string): TextDecoder | undefined {
  try {
    return new TextDecoder(label);
  } catch {
    return undefined;
  }
}

/**
 * Whether bytes that are not UTF-8 read as Chinese "ANSI" (GBK, Simplified or Traditional). Chinese text
 * has characters side by side, and among them ones of GB2312's core (both bytes 0xA1 or above, lead
 * 0xB0 or above). Western "ANSI" text can pair an accented letter with the plain letter after it into a
 * would-be GBK character (second byte below 0xA1: "Hélène", "Tähän"), but hardly ever two core ones in a
 * row, and its accents before a space or a stop are no GBK at all. A stray byte or a cut-off last
 * character does not outweigh clear evidence. Undefined when too little tells.
 */
export function looksLikeGbk(bytes: Uint8Array): boolean | undefined {
  let characters = 0;
  let invalid = 0;
  let runs = 0;
  // The characters side by side so far, whether one of them is of the core, and whether counted (reset
  // in place: this runs once per byte of a preview of up to a megabyte).
  const run = { length: 0, core: false, counted: false };
  const breakRun = () => {
    run.length = 0;
    run.core = false;
    run.counted = false;
  };
  for (let i = 0; i < bytes.length; i += 1) {
    const lead = bytes[i] ?? 0;
    if (lead < 0x80) {
      breakRun();
      continue;
    }
    const trail = bytes[i + 1] ?? 0;
    if (lead < 0x81 || lead > 0xfe || trail < 0x40 || trail === 0x7f || trail > 0xfe) {
      invalid += 1;
      breakRun();
      continue;
    }
    i += 1;
    characters += 1;
    // Leads 0xA1–0xA9 are punctuation and symbols: between characters, not of them.
    if (lead >= 0xa1 && lead <= 0xa9) {
      breakRun();
      continue;
    }
    run.length += 1;
    run.core ||= lead >= 0xb0 && trail >= 0xa1;
    if (run.length >= 2 && run.core && !run.counted) {
      runs += 1;
      run.counted = true;
    }
  }
  if (runs > 0 && invalid <= Math.max(1, characters / 50)) return true;
  return characters + invalid < 2 ? undefined : false;
}

/**
 * Text in the encoding it was written in. A byte-order mark decides first, then a charset the type
 * names; when none is named, UTF-8 if the bytes are valid UTF-8, else what a Windows editor saves as
 * "ANSI": GB18030 (a superset of GBK and GB2312) when the bytes read as Chinese, Windows-1252 (Western
 * European) when they do not, and where too few bytes tell, the one of the reader's language.
 */
export function decodeText(bytes: Uint8Array, language: string, ...types: string[]): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  const declared = types.map(charsetOf).find((charset) => charset !== undefined);
  // A charset the type names is taken at its word; only an unnamed one is guessed.
  const named = declared ? decoderFor(declared) : undefined;
  if (named) return named.decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const chinese = looksLikeGbk(bytes) ?? language.startsWith('zh');
    return new TextDecoder(chinese ? 'gb18030' : 'windows-1252').decode(bytes);
  }
}

/**
 * Plain text (notes, logs, a README) wraps its lines: prose in a box that scrolls sideways is unreadable
 * on a phone. Code keeps its lines, where indentation and alignment carry meaning.
 */
export function wrapsLines(filename: string): boolean {
  const ext = extensionOf(filename);
  return ext === '' || ext === 'log' || ext === 'text' || LANGUAGE_OF[ext] === 'plaintext';
}

const CODE_BLOCK = '[&_pre]:m-0! [&_pre]:max-h-[70vh] [&_pre]:rounded-none! [&_pre]:border-0!';

/** Spec §9: a request gives up after 30 s; a stalled preview says so and offers a retry. */
const TEXT_TIMEOUT_MS = 30_000;

/** The file's bytes and the type they were served with, read once; decoding follows the page's language. */
export async function fetchBytes(
  url: string,
  headers?: Record<string, string>,
): Promise<{ bytes: Uint8Array; served: string }> {
  const response = await fetch(url, { signal: AbortSignal.timeout(TEXT_TIMEOUT_MS), ...(headers ? { headers } : {}) });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  // The body may stall after the headers too: the same signal ends that read.
  return { bytes: new Uint8Array(await response.arrayBuffer()), served: response.headers.get('content-type') ?? '' };
}

/**
 * Text, code and Markdown, read once through the visit's token-carrying link (no further view is
 * counted), or with `headers` (the explorer's authorised download). Markdown goes through the shared
 * renderer (raw HTML off, DOMPurify after).
 */
export function TextPreview({
  url,
  filename,
  mimetype,
  markdown,
  headers,
}: {
  url: string;
  filename: string;
  mimetype: string;
  markdown: boolean;
  headers?: Record<string, string>;
}) {
  const { t, i18n } = useTranslation();
  const text = useQuery({
    queryKey: ['file-view', 'text', url],
    queryFn: () => fetchBytes(url, headers),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const content = useMemo(
    () => (text.data ? decodeText(text.data.bytes, i18n.language, mimetype, text.data.served) : undefined),
    [text.data, i18n.language, mimetype],
  );
  // A shared .md file is a document (a README), so its wrapped source lines join as on GitHub.
  const rendered = useRenderedMarkdown(
    content === undefined ? '' : markdown ? content : asCodeBlock(content, filename),
    'document',
  );
  if (text.isPending) {
    return (
      <div className="flex flex-col gap-2 p-5" role="status" aria-label={t('common.loading')}>
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-4 w-2/3" />
      </div>
    );
  }
  if (text.isError)
    return (
      <ErrorState
        title={t('fileView.preview.loadFailed')}
        message={t('fileView.preview.loadFailedHint')}
        onRetry={() => void text.refetch()}
        retrying={text.isFetching}
      />
    );
  const block = wrapsLines(filename) ? `${CODE_BLOCK} [&_pre]:whitespace-pre-wrap [&_pre]:wrap-anywhere` : CODE_BLOCK;
  return <MarkdownState state={rendered} className={markdown ? 'px-5 py-6 sm:px-8' : block} />;
}
