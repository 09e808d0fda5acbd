/**
 * Whether the online Office viewers could fetch from `host`: not a loopback, private, link-local or
 * single-label name (the server's own check answers this for shares; the explorer's links are made here).
 */
export function isPublicHost(host: string): boolean {
  const name = host
    .replace(/:\d+$/, '')
    .replace(/^\[|\]$/g, '')
    .toLowerCase();
  if (name === 'localhost' || name.endsWith('.localhost') || name.endsWith('.local') || name.endsWith('.internal'))
    return false;
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(name);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return !(
      a === 10 ||
      a === 127 ||
      a === 0 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  if (name.includes(':'))
    return !(name === '::1' || name.startsWith('fc') || name.startsWith('fd') || name.startsWith('fe80'));
  return name.includes('.');
}
