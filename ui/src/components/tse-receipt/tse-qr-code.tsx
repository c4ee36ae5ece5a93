import { encode } from 'uqr';

/** The modules of a QR code as one SVG path: each horizontal run of dark modules a rectangle. */
export function qrPath(modules: readonly (readonly boolean[])[]): string {
  let path = '';
  modules.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < row.length && row[x]) x += 1;
      path += `M${start} ${y}h${x - start}v1h-${x - start}z`;
    }
  });
  return path;
}

/**
 * The receipt's QR code (the TSE's `qr_code_data`) as an SVG: black on white with the
 * quiet zone of four modules a scanner needs, error correction level M.
 */
export default function TseQrCode({ data, label }: { data: string; label: string }) {
  const { data: modules } = encode(data, { ecc: 'M', border: 4 });
  const size = modules.length;
  return (
    <svg
      className="tse-receipt__qr"
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      data-testid="tse-receipt-qr"
      data-modules={size}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={qrPath(modules)} fill="#000" />
    </svg>
  );
}
