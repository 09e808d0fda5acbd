/**
 * The zod schemas of the paste page's less common answers (the owner's detail, an unlock), loaded with zod only when
 * such a read is made: a visitor opening an open paste never downloads them (issue 30; its read is `paste-read.ts`).
 */
export { PasteDetailDto, PasteUnlockedDto } from '@driftbox/contract';
