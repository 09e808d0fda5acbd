// The image types a clipboard carries and their usual extension; another image/* type keeps its subtype.
const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/svg+xml': 'svg',
  'image/x-icon': 'ico',
  'image/vnd.microsoft.icon': 'ico',
};

/** Browsers call every pasted screenshot or copied picture "image.png" (or .jpg, .gif…). */
const GENERIC_NAME = /^image\.[a-z0-9]+$/i;

const pad = (n: number) => String(n).padStart(2, '0');

/** `pasted-2026-11-24-153012.png`: the local time of the paste, the extension from the MIME type. */
export function pastedFileName(type: string, now: Date, index = 0): string {
  const subtype = type.split('/')[1]?.split(';')[0] ?? '';
  const extension = EXTENSIONS[type] ?? (/^[a-z0-9]+$/i.test(subtype) ? subtype.toLowerCase() : 'png');
  const date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  const time = `${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  return `pasted-${date}-${time}${index > 0 ? `-${index + 1}` : ''}.${extension}`;
}

/**
 * Names pasted images after the moment of the paste, so two screenshots are not one "image.png"
 * already in the list, and each share's filename says something. Copied files keep their own names.
 */
export function namePastedFiles(files: readonly File[], now = new Date()): File[] {
  let images = 0;
  return files.map((file) => {
    if (!file.type.startsWith('image/') || !GENERIC_NAME.test(file.name)) return file;
    const name = pastedFileName(file.type, now, images);
    images += 1;
    return new File([file], name, { type: file.type, lastModified: now.getTime() });
  });
}
