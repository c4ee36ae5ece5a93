import { encode } from 'uqr';
import { qrPath } from '../../components/tse-receipt/tse-qr-code';

/**
 * A table's link as a QR code in SVG: black on white with the quiet zone of four
 * modules a scanner needs, error correction M. Its own chunk with the encoder, loaded
 * by the QR sheet only.
 */
export default function TableQr({ link, label }: { link: string; label: string }) {
  const { data: modules } = encode(link, { ecc: 'M', border: 4 });
  const size = modules.length;
  return (
    <svg className="admin-qr-sheet__qr" viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label} data-testid="table-qr" data-link={link}>
      <rect width={size} height={size} fill="#fff" />
      <path d={qrPath(modules)} fill="#000" />
    </svg>
  );
}
