import type { QrCode as Qr } from "./qr.server";

/** A QR code drawn from its path (qr.server.ts), black on white with its quiet border, any size. */
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
