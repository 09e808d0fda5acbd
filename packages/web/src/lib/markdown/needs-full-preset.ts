// Its own tiny module, so deciding which renderer to fetch does not pull markdown-it into the first download.
export { needsFullPreset } from '@driftbox/contract/markdown/source';
