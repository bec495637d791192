/**
 * Where I stand (ADR 221, docs/product.md "Measured progress"): the days of a goal as a bar chart of
 * daily amounts, the pace needed to reach the target by the last day, the gap to an even pace, and the
 * best day; for me and for the group. Pure: the server renders the chart to SVG markup (no chart code
 * reaches the browser) from figures in hundredths.
 */
import { dayNumber, formatMonthDay, toIsoDate, type IsoDate } from "#app/lib/dates";
import { formatQuantity } from "./progress";

/** The chart shows at most this many days: a month challenge whole, a longer goal's latest weeks. */
export const CHART_DAYS = 62;

export interface StandingInput {
  /** Amount per day (hundredths), any order, days without entries left out. */
  days: readonly { day: IsoDate; amount: number }[];
  total: number;
  target: number | null;
  start: IsoDate | null;
  end: IsoDate | null;
  today: IsoDate;
}

const isoOf = (n: number) => toIsoDate(new Date(n * 86_400_000));

/** The days the chart spans: the goal's days up to CHART_DAYS; a longer or undated goal, the latest ones. */
export function chartWindow(start: IsoDate | null, end: IsoDate | null, today: IsoDate) {
  const t = dayNumber(today)!;
  const s = start ? dayNumber(start)! : null;
  const e = end ? dayNumber(end)! : null;
  if (s !== null && e !== null && e - s < CHART_DAYS) return { from: s, to: e };
  const to = e !== null ? Math.min(e, t) : t;
  return { from: Math.max(to - CHART_DAYS + 1, s ?? -Infinity), to };
}

export function standing({ days, total, target, start, end, today }: StandingInput) {
  const t = dayNumber(today)!;
  const s = start ? dayNumber(start)! : null;
  const e = end ? dayNumber(end)! : null;
  // Best day: the most logged in one day; the earlier of equal days.
  let best: { day: IsoDate; amount: number } | null = null;
  for (const d of days) if (!best || d.amount > best.amount || (d.amount === best.amount && d.day < best.day)) best = d;
  const running = e === null || t <= e;
  const started = s === null || t >= s;
  // Needed: what is left, spread over the days left, today included (rounded up, so following it gets there).
  const needed =
    target && e !== null && running && started && total < target
      ? { perDay: Math.ceil((target - total) / (e - t + 1)), by: end! }
      : null;
  // An even pace: the target spread over the goal's days; by today, the share of the days before today.
  let gap: number | null = null;
  if (target && s !== null && e !== null && started) {
    const elapsed = Math.min(t - s, e - s + 1);
    gap = total - Math.round((target * elapsed) / (e - s + 1));
  }
  const evenPerDay = target && s !== null && e !== null ? target / (e - s + 1) : null;
  return {
    best,
    needed,
    gap,
    evenPerDay,
    reached: !!target && total >= target,
    window: chartWindow(start, end, today),
  };
}

export type Standing = ReturnType<typeof standing>;

const esc = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * The standing's sentences, for me ("You") or the group ("The group"), as plain text: pace needed,
 * against an even pace, best day.
 */
export function standingLines(st: Standing, input: StandingInput, unit: string, who: "me" | "group") {
  const fmt = (n: number) => formatQuantity(n, unit);
  const lines: string[] = [];
  const subject = who === "me" ? "You need" : "The group needs";
  if (st.needed && input.target)
    lines.push(
      `${subject} ${fmt(st.needed.perDay)} a day to reach ${fmt(input.target)} by ${formatMonthDay(st.needed.by, input.today)}.`,
    );
  else if (st.reached && input.target)
    lines.push(`${who === "me" ? "You" : "The group"} reached ${fmt(input.target)}.`);
  if (st.gap !== null && !st.reached)
    lines.push(
      st.gap > 0
        ? `${fmt(st.gap)} ahead of an even pace.`
        : st.gap < 0
          ? `${fmt(-st.gap)} behind an even pace.`
          : "Right on an even pace.",
    );
  lines.push(
    st.best ? `Best day: ${formatMonthDay(st.best.day, input.today)}, ${fmt(st.best.amount)}.` : "No entries yet.",
  );
  return lines;
}

/**
 * The chart as markup: an SVG of one bar per day (the best day marked, a dashed line at the even pace
 * per day), its first and last day under it, and the same days as a table for anyone who cannot see it.
 * Every text is escaped; every number is computed here.
 */
export function standingHtml(st: Standing, input: StandingInput, unit: string, label: string, id: string) {
  const { from, to } = st.window;
  const n = to - from + 1;
  const amounts = new Map(input.days.map((d) => [dayNumber(d.day)!, d.amount]));
  const max = Math.max(
    1,
    st.evenPerDay ?? 0,
    ...[...amounts.entries()].filter(([d]) => d >= from && d <= to).map(([, a]) => a),
  );
  const W = n * 10;
  const H = 100;
  const y = (amount: number) => H - (amount / max) * (H - 4);
  const bars: string[] = [];
  const rows: string[] = [];
  let logged = 0;
  const today = dayNumber(input.today)!;
  for (let d = from; d <= to; d++) {
    const amount = amounts.get(d) ?? 0;
    const iso = isoOf(d);
    if (amount > 0) {
      logged++;
      const best = st.best?.day === iso;
      bars.push(
        `<rect class="standing__bar${best ? " standing__bar--best" : ""}" x="${(d - from) * 10 + 1}" y="${y(amount).toFixed(1)}" width="8" height="${(H - y(amount)).toFixed(1)}"/>`,
      );
      rows.push(
        `<tr><th scope="row">${esc(formatMonthDay(iso, input.today))}</th><td>${esc(formatQuantity(amount, unit))}</td></tr>`,
      );
    }
    if (d === today) bars.push(`<rect class="standing__today" x="${(d - from) * 10}" y="0" width="10" height="${H}"/>`);
  }
  const even =
    st.evenPerDay !== null
      ? `<line class="standing__even" x1="0" x2="${W}" y1="${y(st.evenPerDay).toFixed(1)}" y2="${y(st.evenPerDay).toFixed(1)}" vector-effect="non-scaling-stroke"/>`
      : "";
  const first = formatMonthDay(isoOf(from), input.today);
  const last = formatMonthDay(isoOf(to), input.today);
  const summary = `${label}, ${first} to ${last}: ${logged} ${logged === 1 ? "day" : "days"} logged${
    st.best ? `, best ${formatMonthDay(st.best.day, input.today)} with ${formatQuantity(st.best.amount, unit)}` : ""
  }.`;
  return (
    `<svg class="standing__chart" viewBox="0 0 ${W} ${H}" preserveAspectRatio="none" role="img" aria-labelledby="${id}-summary">` +
    `<line class="standing__axis" x1="0" x2="${W}" y1="${H}" y2="${H}" vector-effect="non-scaling-stroke"/>${bars.join("")}${even}</svg>` +
    `<p class="standing__axis-labels" aria-hidden="true"><span>${esc(first)}</span><span>${esc(last)}</span></p>` +
    `<p class="visually-hidden" id="${id}-summary">${esc(summary)}</p>` +
    (rows.length
      ? `<details class="standing__table"><summary>${esc(label)} as a table</summary><table><thead><tr><th scope="col">Day</th><th scope="col">Amount</th></tr></thead><tbody>${rows.join("")}</tbody></table></details>`
      : "")
  );
}
