import { QRCodeSVG } from 'qrcode.react';
import { cn } from '../../lib/cn';

/**
 * A QR code of `value`. Always dark on white, whatever the theme: many scanners cannot read
 * inverted codes.
 */
export function QrCode({
  value,
  label,
  size = 176,
  className,
}: {
  value: string;
  label: string;
  size?: number;
  className?: string;
}) {
  return (
    <div className={cn('inline-flex rounded-xl border border-line bg-white p-3', className)}>
      <QRCodeSVG value={value} size={size} level="M" marginSize={0} role="img" aria-label={label} title={label} />
    </div>
  );
}
