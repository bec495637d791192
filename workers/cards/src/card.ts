/**
 * A card as satori's element tree (plain objects, no React): the challenge's title, the figure, a bar,
 * a badge, the charity and a QR code of the link, in the app's colours (app/styles tokens).
 */
import { CARD_FORMATS, type CardSpec } from "../../../app/lib/card-spec";
import { qrCode } from "../../../app/lib/qr";

interface Node {
  type: string;
  props: Record<string, unknown> & { style?: Record<string, unknown>; children?: unknown };
}
const h = (
  type: string,
  style: Record<string, unknown>,
  children?: unknown,
  extra: Record<string, unknown> = {},
): Node => ({
  type,
  props: { style: { display: "flex", ...style }, children, ...extra },
});

const BRAND = "#0f766e";
const BRAND_DARK = "#115e59";
const BRAND_LIGHT = "#ccfbf1";
const INK = "#111827";
const MUTED = "#4b5563";
const ACCENT_SOFT = "#fff7ed";
const ACCENT = "#c2410c";

/** The link's QR code: an image of it for satori's layout, and the same drawing to put in its place. */
export interface CardQr {
  /** The QR code as a small SVG in a data URL: what satori lays out (and would embed). */
  src: string;
  /** Modules per side: the drawing's own units. */
  modules: number;
  /** The drawing itself, in those units: a white square and one path. */
  body: string;
}

/**
 * The app's own path (app/lib/qr.ts: a run of dark modules on a row is one rectangle, about a third of the
 * subpaths of a square per module), drawn with crisp edges (no anti-aliasing to compute) (ADR 276).
 */
export function cardQr(link: string): CardQr {
  const { size: modules, path: d } = qrCode(link);
  const body = `<rect width="${modules}" height="${modules}" fill="#ffffff"/><path fill="${INK}" d="${d}"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${modules} ${modules}" shape-rendering="crispEdges">${body}</svg>`;
  return { src: `data:image/svg+xml;base64,${btoa(svg)}`, modules, body };
}

const qrImage = (qr: CardQr, size: number): Node => ({
  type: "img",
  props: { src: qr.src, width: size, height: size, style: { width: size, height: size } },
});

const hostOf = (link: string) => {
  try {
    return new URL(link).host;
  } catch {
    return "";
  }
};

export function cardTree(spec: CardSpec, qrOfLink: CardQr = cardQr(spec.link)): Node {
  const { width, height } = CARD_FORMATS[spec.format];
  const square = spec.format === "square";
  const pad = square ? 72 : 64;
  const qrSize = square ? 260 : 220;
  const titleSize = spec.title.length > 40 ? (square ? 60 : 48) : square ? 76 : 60;

  const bar =
    spec.percent === null
      ? null
      : h("div", { width: "100%", height: 28, borderRadius: 14, backgroundColor: BRAND_LIGHT, marginTop: 20 }, [
          h("div", {
            width: `${Math.max(spec.percent, 2)}%`,
            height: 28,
            borderRadius: 14,
            backgroundColor: BRAND,
          }),
        ]);
  const badge = spec.badge
    ? h(
        "div",
        {
          alignSelf: "flex-start",
          marginTop: 24,
          padding: "10px 22px",
          borderRadius: 999,
          backgroundColor: ACCENT_SOFT,
          color: ACCENT,
          fontSize: square ? 32 : 28,
          fontWeight: 700,
          alignItems: "center",
        },
        [h("div", { width: 18, height: 18, borderRadius: 9, backgroundColor: ACCENT, marginRight: 14 }), spec.badge],
      )
    : null;

  const main = h("div", { flexDirection: "column", flexGrow: 1, flexShrink: 1, minWidth: 0 }, [
    h("div", { fontSize: square ? 32 : 28, color: BRAND_DARK, fontWeight: 700 }, spec.kicker),
    // Two lines at most, cut with an ellipsis: a line clamp, where overflow: hidden would cost resvg a
    // full-card mask layer (ADR 276).
    h(
      "div",
      {
        display: "block",
        lineClamp: 2,
        fontSize: titleSize,
        fontWeight: 700,
        color: INK,
        lineHeight: 1.1,
        marginTop: 12,
      },
      spec.title,
    ),
    h("div", { alignItems: "baseline", marginTop: square ? 48 : 28, flexWrap: "wrap" }, [
      h("div", { fontSize: square ? 120 : 96, fontWeight: 700, color: BRAND, lineHeight: 1 }, spec.figure),
      spec.figureNote ? h("div", { fontSize: square ? 40 : 34, color: MUTED, marginLeft: 20 }, spec.figureNote) : null,
    ]),
    bar,
    badge,
  ]);

  const qr = h("div", { flexDirection: "column", alignItems: "center", marginLeft: square ? 0 : 48, flexShrink: 0 }, [
    h("div", { padding: 10, backgroundColor: "#ffffff", borderRadius: 16, border: `2px solid ${BRAND_LIGHT}` }, [
      qrImage(qrOfLink, qrSize),
    ]),
    h("div", { fontSize: 26, fontWeight: 700, color: INK, marginTop: 12 }, spec.linkLabel),
  ]);

  const footer = h(
    "div",
    {
      justifyContent: "space-between",
      alignItems: "flex-end",
      marginTop: "auto",
      paddingTop: 24,
      fontSize: square ? 30 : 26,
      color: MUTED,
    },
    [
      h("div", { flexDirection: "column", flexShrink: 1, minWidth: 0 }, [
        spec.charity ? h("div", { color: INK, fontWeight: 700 }, spec.charity) : null,
        h("div", { marginTop: 6 }, `Goals with Friends · ${hostOf(spec.link)}`),
      ]),
      square ? qr : null,
    ],
  );

  return h(
    "div",
    {
      width,
      height,
      flexDirection: "column",
      padding: pad,
      paddingTop: pad + 16,
      backgroundColor: "#f0fdfa",
      fontFamily: "Inter",
      color: INK,
    },
    [
      // The brand stripe along the top as a box of its own: a border there made satori mask the whole card.
      h("div", { position: "absolute", top: 0, left: 0, width, height: 16, backgroundColor: BRAND }),
      h("div", { flexGrow: 1, alignItems: "flex-start" }, square ? [main] : [main, qr]),
      footer,
    ],
  );
}
