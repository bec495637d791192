import { useState } from "react";
import { useHydrated } from "#app/components/hooks/useHydrated";
import { CopyLink } from "#app/components/CopyLink";
import { QrCode } from "./QrCode";
import type { QrCode as Qr } from "#app/lib/qr";

/**
 * A sponsor link to hand on: the phone's share sheet where the browser has one (Web Share API), copy
 * otherwise, and a QR code to show or print. Without JavaScript the link is there to select by hand.
 */
export function SponsorKit({
  id,
  url,
  qr,
  shareTitle,
  shareText,
  label,
}: {
  id: string;
  url: string;
  qr: Qr;
  shareTitle: string;
  shareText: string;
  label: string;
}) {
  const hydrated = useHydrated();
  const [shared, setShared] = useState("");
  const canShare = hydrated && typeof navigator !== "undefined" && typeof navigator.share === "function";
  return (
    <div className="sponsor-kit">
      <div className="sponsor-kit__link">
        <CopyLink id={id} label={label} url={url} />
        {canShare ? (
          <button
            type="button"
            className="button"
            onClick={() =>
              navigator
                .share({ title: shareTitle, text: shareText, url })
                .then(() => setShared("Shared"))
                .catch(() => setShared(""))
            }
          >
            Share
          </button>
        ) : null}
        <span className="visually-hidden" role="status">
          {shared}
        </span>
        <p>
          <a href={url}>Open the sponsor page</a> to see what supporters see.
        </p>
      </div>
      <figure className="sponsor-kit__qr">
        <QrCode qr={qr} label={`QR code of the link: ${url}`} />
        <figcaption>Scan to open the sponsor page</figcaption>
      </figure>
    </div>
  );
}
