import type { LocalText } from '@driftbox/contract';

/** A catalogue text (description, option label) in the UI's language. */
export function localText(text: LocalText, language: string): string {
  return language.toLowerCase().startsWith('zh') ? text.zh : text.en;
}
