import { MAX_PARTS } from '@driftbox/contract';
import { invalidField } from '../../lib/errors.js';
import { listOf, msg } from '../../lib/i18n/catalogue.js';
import { MIN_PART_SIZE } from '../../storage/object-store.js';

/** An upload's part plan: its size and part size. */
export interface Plan {
  size: number;
  partSize: number;
}

/** How many parts a plan makes (an empty file is still one part). */
export function partCountOf(plan: Plan): number {
  return Math.max(1, Math.ceil(plan.size / plan.partSize));
}

/** The exact length of part `n`, or null for a number outside the plan. */
export function partLength(plan: Plan, n: number): number | null {
  const count = partCountOf(plan);
  if (!Number.isInteger(n) || n < 1 || n > count) return null;
  return n < count ? plan.partSize : plan.size - (count - 1) * plan.partSize;
}

/** Checks an init's plan against S3's rules (and the client's part count, when it sent one). */
export function checkPlan(plan: Plan, partCount: number | undefined): number {
  const expected = partCountOf(plan);
  if (partCount !== undefined && partCount !== expected)
    throw invalidField(
      'partCount',
      msg('files.multipart.wrongPartCount', { size: plan.size, partSize: plan.partSize, expected }),
    );
  if (expected > MAX_PARTS)
    throw invalidField(
      'partSize',
      msg('files.multipart.wrongPartCount', { size: plan.size, partSize: plan.partSize, expected: MAX_PARTS }),
    );
  if (expected > 1 && plan.partSize < MIN_PART_SIZE)
    throw invalidField('partSize', msg('files.multipart.partTooSmall'));
  return expected;
}

/** 400 unless part numbers name parts of the plan. */
export function checkPartNumbers(plan: Plan, numbers: number[], field: string): void {
  const outside = numbers.find((n) => partLength(plan, n) === null);
  if (outside !== undefined) throw invalidField(field, msg('files.multipart.partOutside', { part: outside }));
}

/** A complete's part list must name every planned part once: storage would publish a file with a hole. */
export function checkPartList(plan: Plan, numbers: number[]): void {
  checkPartNumbers(plan, numbers, 'parts');
  const twice = numbers.find((n, i) => numbers.indexOf(n) !== i);
  if (twice !== undefined) throw invalidField('parts', msg('files.multipart.partTwice', { part: twice }));
  const count = partCountOf(plan);
  const given = new Set(numbers);
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((n) => !given.has(n));
  if (missing.length > 0) {
    const shown = missing.slice(0, 5).map((n, i) => (i === 4 && missing.length > 5 ? `${n}…` : String(n)));
    throw invalidField('parts', msg('files.multipart.partsMissing', { count, missing: listOf(shown) }));
  }
}
