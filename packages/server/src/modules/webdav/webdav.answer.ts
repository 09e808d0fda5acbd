import type { Readable } from 'node:stream';
import type { PlainMessageKey } from '../../lib/i18n/catalogue.js';

/** What a WebDAV method answers: a status, headers and a body (text, a stream of XML, or none). */
export interface DavAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string | Readable | null;
}

/**
 * A WebDAV refusal with its status and catalogue text (409 for a missing parent, 412, 423, …). The
 * routes answer it as plain text, or as the RFC's `<D:error>` body when `condition` names one.
 */
export class DavError extends Error {
  constructor(
    readonly status: number,
    readonly text: PlainMessageKey,
    readonly condition?: string,
  ) {
    super(text);
  }
}

export const XML_TYPE = 'application/xml; charset=utf-8';
