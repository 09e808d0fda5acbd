/**
 * Copies text. navigator.clipboard only exists in secure contexts, and self-hosted instances are
 * often reached over plain http on a LAN, so a selection-based fallback follows. Throws on failure.
 */
export async function copyText(text: string): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    if (!document.execCommand('copy')) throw new Error('copy command refused');
  } finally {
    area.remove();
  }
}
