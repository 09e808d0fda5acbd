import { createMarkdownIt } from '@driftbox/contract/markdown/base';
import { extendDocument, type LineBreakEnv } from '@driftbox/contract/markdown/document';
import { needsFullPreset } from '@driftbox/contract/markdown/source';
import type { TocEntry } from '@driftbox/contract/markdown/toc';
import type { MarkdownIt } from 'markdown-it';

/**
 * An open paste's Markdown rendered on the server for its first view (issue 30), so a plain paste's page needs
 * neither markdown-it nor DOMPurify in the browser. The web app's light preset's rules (contract markdown/), and
 * instead of DOMPurify a strict allow-list over markdown-it's own output: every tag, attribute and value must be
 * one the preset writes, every URL http(s), mailto, relative or an inline image. Anything else, and any source the
 * full preset would render (code, math, diagrams), gives no rendering: the page falls back to the escaped text.
 */
export interface FirstViewMarkdown {
  html: string;
  toc: TocEntry[];
}

type Check = (value: string) => boolean;

const any: Check = () => true;
const empty: Check = (value) => value === '';
const oneOf =
  (...values: string[]): Check =>
  (value) =>
    values.includes(value);
const matches =
  (pattern: RegExp): Check =>
  (value) =>
    pattern.test(value);

const CLASS = oneOf('contains-task-list', 'task-list-item', 'task-list-item-checkbox', 'table-wrap');
const ALIGN = matches(/^text-align:(left|center|right)$/);

/** The characters an attribute value may hold once markdown-it escaped it, decoded for the URL check. */
function decodeAttribute(value: string): string {
  return value.replace(/&(amp|quot|lt|gt|#39|#x[0-9a-f]+|#\d+);/gi, (entity, name: string) => {
    const named: Record<string, string> = { amp: '&', quot: '"', lt: '<', gt: '>', '#39': "'" };
    if (named[name.toLowerCase()]) return named[name.toLowerCase()] ?? '';
    const code = name[1]?.toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}

/** A link or image URL: no scheme (relative, `#…`), or one of `schemes`; control characters and spaces ignored. */
function url(schemes: RegExp): Check {
  return (value) => {
    // eslint-disable-next-line no-control-regex -- browsers drop these before reading a scheme; so does this check
    const plain = decodeAttribute(value).replace(/[\u0000-\u0020\u007f]/g, '');
    const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(plain)?.[1];
    return scheme === undefined || schemes.test(plain);
  };
}

const LINK = url(/^(https?|mailto):/i);
const IMAGE = url(/^(https?:|data:image\/(png|gif|jpeg|webp);)/i);

/** Each tag the light document preset writes, with the attributes it may carry. */
const ALLOWED: Record<string, Record<string, Check>> = {
  ...Object.fromEntries(
    ['p', 'br', 'em', 'strong', 's', 'code', 'pre', 'blockquote', 'hr', 'table', 'thead', 'tbody', 'tr', 'label'].map(
      (tag) => [tag, {}],
    ),
  ),
  ...Object.fromEntries(
    ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((tag) => [
      tag,
      { id: matches(/^md-[\p{L}\p{N}_-]+$/u), 'aria-level': matches(/^[1-6]$/) },
    ]),
  ),
  ul: { class: CLASS },
  ol: { start: matches(/^\d{1,9}$/) },
  li: { class: CLASS },
  div: { class: CLASS },
  th: { style: ALIGN },
  td: { style: ALIGN },
  input: { class: CLASS, type: oneOf('checkbox'), disabled: empty, checked: empty },
  a: { href: LINK, title: any, target: oneOf('_blank'), rel: oneOf('noopener noreferrer') },
  img: { src: IMAGE, alt: any, title: any },
};

const TAG = /^<(\/?)([a-z][a-z0-9]*)((?:\s+[a-z][a-z-]*(?:="[^"<>]*")?)*)\s*\/?>$/;
const ATTRIBUTE = /\s+([a-z][a-z-]*)(?:="([^"<>]*)")?/g;

/** Whether `html` holds only the allowed tags, attributes and values, and text without markup characters. */
export function isAllowedMarkdownHtml(html: string): boolean {
  for (const part of html.split(/(<[^<>]*>)/)) {
    if (!part.startsWith('<')) {
      if (/[<>]/.test(part)) return false;
      continue;
    }
    const tag = TAG.exec(part);
    const attributes = tag?.[2] ? ALLOWED[tag[2]] : undefined;
    if (!tag || !attributes) return false;
    if (tag[1] && tag[3]) return false; // a closing tag with attributes
    for (const [, name = '', value = ''] of (tag[3] ?? '').matchAll(ATTRIBUTE)) {
      const check = Object.hasOwn(attributes, name) ? attributes[name] : undefined;
      if (!check?.(value)) return false;
    }
  }
  return true;
}

let markdown: MarkdownIt | undefined;

/** The light preset's HTML and table of contents of `source`, or undefined when it is not one to render here. */
export function renderFirstViewMarkdown(source: string): FirstViewMarkdown | undefined {
  if (needsFullPreset(source)) return undefined;
  markdown ??= createMarkdownIt({ inPageLinksStay: true, extend: (md) => extendDocument(md) });
  const env: LineBreakEnv = { softBreaksAsSpaces: false };
  const html = markdown.render(source, env);
  return isAllowedMarkdownHtml(html) ? { html, toc: env.toc ?? [] } : undefined;
}
