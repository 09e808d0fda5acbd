import type { PasteLockedDto, PasteUnlockedDto, PasteViewDto } from '@driftbox/contract';
import {
  isBoolean,
  isNumber,
  isString,
  literal,
  nullable,
  objectSchema,
  unionSchema,
  type Schema,
  type Shape,
} from '../../../lib/api/checks';

/** A public read: the content (a counted view) or, for a protected paste, its metadata only. */
export type PasteRead = PasteViewDto | PasteLockedDto | PasteUnlockedDto;

type Meta = Omit<PasteViewDto, 'content' | 'updatedAt' | 'hasPassword' | 'requiresPassword' | 'isLastView'>;
const META: Shape<Meta> = {
  slug: isString,
  title: nullable(isString),
  remark: nullable(isString),
  expiresAt: nullable(isString),
  maxViews: isNumber,
  views: isNumber,
  createdAt: isString,
  created_by: isString,
};
const VIEW: Shape<PasteViewDto> = {
  ...META,
  content: isString,
  updatedAt: isString,
  hasPassword: isBoolean,
  requiresPassword: literal(false),
  isLastView: isBoolean,
};
const LOCKED: Shape<PasteLockedDto> = { ...META, hasPassword: literal(true), requiresPassword: literal(true) };

/**
 * The contract's `PasteViewDto | PasteLockedDto` (a discriminated union on `requiresPassword`) checked without zod: a
 * visitor's read of a paste is the page's first request, and zod is not in its JavaScript (issue 30). Every field of
 * each DTO is listed (`Shape`); paste-read.test.ts holds this check to the contract's schemas.
 */
export const PasteReadSchema: Schema<PasteViewDto | PasteLockedDto> = unionSchema<PasteViewDto | PasteLockedDto>(
  objectSchema(VIEW),
  objectSchema(LOCKED),
);
