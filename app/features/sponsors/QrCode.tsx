import type { QrCode as Qr } from "#app/lib/qr";

/** A QR code drawn from its path (app/lib/qr.ts), black on white with its quiet border, any size. */
export function QrCode({ qr, label }: { qr: Qr; label: string }) {
  return (
    <svg
      className="qr-code"
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      width="200"
      height="200"
    >
      <rect width={qr.size} height={qr.size} fill="#fff" />
      <path d={qr.path} fill="#000" />
    </svg>
  );
}
