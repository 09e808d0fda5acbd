import { describe, expect, it } from 'vitest';
import { namePastedFiles, pastedFileName } from './pasted-name';

const at = new Date(2026, 10, 24, 15, 30, 12);

describe('pasted images', () => {
  it('are named after the local time of the paste, with the extension of their type', () => {
    expect(pastedFileName('image/png', at)).toBe('pasted-2026-11-24-153012.png');
    expect(pastedFileName('image/jpeg', at)).toBe('pasted-2026-11-24-153012.jpg');
    expect(pastedFileName('image/webp', at)).toBe('pasted-2026-11-24-153012.webp');
    expect(pastedFileName('image/svg+xml', at)).toBe('pasted-2026-11-24-153012.svg');
    expect(pastedFileName('image/png', new Date(2027, 0, 2, 3, 4, 5))).toBe('pasted-2027-01-02-030405.png');
  });

  it('get distinct names in one paste and keep their bytes; copied files keep their own names', () => {
    const shot = new File([new Uint8Array(3)], 'image.png', { type: 'image/png' });
    const photo = new File([new Uint8Array(4)], 'image.jpg', { type: 'image/jpeg' });
    const copied = new File(['x'], 'holiday.png', { type: 'image/png' });
    const text = new File(['x'], 'image.txt', { type: 'text/plain' });
    const named = namePastedFiles([shot, copied, photo, text], at);
    expect(named.map((f) => f.name)).toEqual([
      'pasted-2026-11-24-153012.png',
      'holiday.png',
      'pasted-2026-11-24-153012-2.jpg',
      'image.txt',
    ]);
    expect(named[0]).toMatchObject({ type: 'image/png', size: 3, lastModified: at.getTime() });
    expect(named[1]).toBe(copied);
  });
});
