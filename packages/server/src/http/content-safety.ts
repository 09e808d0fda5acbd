import { normalizeMimetype } from '@driftbox/contract';

/**
 * How user files may be served from the app's own origin (ARCHITECTURE §5). A file a browser would run
 * as a document or script (HTML, SVG, XML, JavaScript) is never rendered inline: it is sent as an
 * attachment with `nosniff` and a sandboxing CSP. Inline display is an allow-list of inert types.
 */

/** Types a browser would run as a document or script if shown inline from the app's origin. */
const ACTIVE_TYPES =
  /^(text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml|[a-z]+\/[a-z.+-]*xml|text\/javascript|application\/javascript|application\/ecmascript)\b/i;

/** Types that are safe to display inline: pictures, sound, video, plain text and PDF. */
const INLINE_TYPES =
  /^(image\/(png|jpe?g|gif|webp|avif|bmp|x-icon|vnd\.microsoft\.icon|tiff)|audio\/[\w.+-]+|video\/[\w.+-]+|text\/(plain|markdown|csv)|application\/(pdf|json))\s*(;|$)/i;

/**
 * Sandboxes whatever a browser renders from a user file: no script, no forms, no same-origin access.
 * PDF is exempt from `sandbox` only, because Chromium's viewer refuses to render in a sandbox; a PDF
 * cannot reach the app's origin from its own viewer.
 */
const SANDBOX_CSP = "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'";
// The file page embeds PDFs in a frame, so the app's own origin (only) may frame them.
const PDF_CSP =
  "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'self'";

/**
 * The Content-Type a user file is served with: the stored type reduced to `type/subtype` and a plain
 * charset (types stored before uploads were normalised may carry parameters a browser reads as another
 * type, e.g. `image/png;,text/html`), octet-stream when there is none. Every check below reads this.
 */
export function servedType(declared: string | null | undefined): string {
  return normalizeMimetype(declared) ?? 'application/octet-stream';
}

/** True when `contentType` could run script if rendered inline. */
export function isActiveContent(contentType: string): boolean {
  return ACTIVE_TYPES.test(servedType(contentType));
}

/** True when a file of `contentType` may be shown inline from the app's origin. */
export function isInlineSafe(contentType: string): boolean {
  const type = servedType(contentType);
  return !isActiveContent(type) && INLINE_TYPES.test(type);
}

/** `attachment`/`inline` with the file name in both the ASCII fallback and RFC 5987 forms. */
export function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  // Quotes, backslashes and non-ASCII would break (or be mangled in) the plain `filename=` form.
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * The headers that make serving a user file safe: the disposition (attachment whenever the type is
 * not inline-safe, whatever was asked), `nosniff` so the declared type is the one used, and the CSP.
 */
export function safeFileHeaders(
  declared: string,
  filename: string,
  wanted: 'inline' | 'attachment',
): Record<string, string> {
  const contentType = servedType(declared);
  const kind = wanted === 'inline' && isInlineSafe(contentType) ? 'inline' : 'attachment';
  return {
    'Content-Type': contentType,
    'Content-Disposition': contentDisposition(kind, filename),
    'X-Content-Type-Options': 'nosniff',
    ...sandboxHeaders(contentType),
  };
}

/**
 * The CSP (and framing rule) of a user file served from the app's origin, by its served type: the
 * sandbox, or for a PDF the policy that lets the file page frame it.
 */
export function sandboxHeaders(contentType: string): Record<string, string> {
  if (!/^application\/pdf(;|$)/.test(servedType(contentType))) return { 'Content-Security-Policy': SANDBOX_CSP };
  // Without its own value the app-wide DENY would be added, and the PDF frame would stay blank.
  return { 'Content-Security-Policy': PDF_CSP, 'X-Frame-Options': 'SAMEORIGIN' };
}
