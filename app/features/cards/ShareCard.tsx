import { useEffect, useState } from "react";
import { useHydrated } from "#app/components/hooks/useHydrated";

interface Props {
  cause: string;
  card: { wide: string; square: string; link: string };
  /** Whose card it is: the member's own (the default) or a team's (ADR 275). */
  words?: CardWords;
}

interface CardWords {
  title: string;
  lead: string;
  alt: string;
  /** The share sheet's text before the link: "Sponsor me", "Sponsor Team Hill Harriers". */
  ask: string;
  /** The downloaded file's name, without ".png". */
  file: string;
}

const MEMBER_WORDS = (cause: string): CardWords => ({
  title: "Your card",
  lead: "Your progress as a picture, with a QR code of your sponsor link. Your sponsor link shows it when you paste it into a chat.",
  alt: `Your card for ${cause}: your progress and a QR code of your sponsor link.`,
  ask: "Sponsor me",
  file: "goal-card",
});

/**
 * The member's card (ADR 272): the picture, download links that work without JavaScript, and the phone's
 * share sheet with the picture itself where the browser can share files (navigator.canShare). The file is
 * fetched before the tap, since a share sheet must open within the tap.
 */
export function ShareCard({ cause, card, words = MEMBER_WORDS(cause) }: Props) {
  return (
    <section className="card share-card" aria-labelledby="share-card-title">
      <h2 id="share-card-title">{words.title}</h2>
      <p>{words.lead}</p>
      <img className="share-card__image" src={card.wide} width={1200} height={630} alt={words.alt} />
      <ShareFile cause={cause} card={card} words={words} />
      <p className="share-card__downloads">
        <a href={card.wide} download={`${words.file}.png`}>
          Download the card (1200 × 630)
        </a>
        <a href={card.square} download={`${words.file}-square.png`}>
          Download the square card (1080 × 1080)
        </a>
      </p>
    </section>
  );
}

function ShareFile({ cause, card, words }: Props & { words: CardWords }) {
  const hydrated = useHydrated();
  const [file, setFile] = useState<File | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!hydrated || typeof navigator === "undefined" || !("canShare" in navigator)) return;
    let live = true;
    fetch(card.square)
      .then((r) => (r.ok ? r.blob() : Promise.reject(new Error(String(r.status)))))
      .then((blob) => {
        const f = new File([blob], `${words.file}.png`, { type: "image/png" });
        if (live && navigator.canShare({ files: [f] })) setFile(f);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [hydrated, card.square, words.file]);
  if (!file || failed) return null;
  return (
    <button
      type="button"
      className="button"
      onClick={() =>
        navigator
          .share({ files: [file], title: cause, text: `${words.ask}: ${card.link}` })
          .catch((e: unknown) => setFailed((e as Error).name !== "AbortError"))
      }
    >
      Share the card…
    </button>
  );
}
