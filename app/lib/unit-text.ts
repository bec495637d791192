/**
 * An amount and its unit stay on one line (ADR 285): "5.25 km", "£0.50 per km" are joined by a
 * non-breaking space (U+00A0), so a narrow column never leaves "5.25" at a line's end and "km" on the
 * next. Screens, chart text, e-mails, pushes and cards use these; CSV exports keep a plain space.
 */

/** U+00A0 NO-BREAK SPACE. */
export const NBSP = "\u00a0";

/** "5.25" + "km" -> "5.25 km" (one line). */
export const withUnit = (amount: string | number, unit: string) => `${amount}${NBSP}${unit}`;

/** "£0.50" + "km" -> "£0.50 per km" (one line): a rate reads as one amount. */
export const perUnitRate = (money: string, unit: string) => `${money}${NBSP}per${NBSP}${unit}`;
