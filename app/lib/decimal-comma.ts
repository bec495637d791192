/**
 * A decimal comma, as typed on many phones and in most of Europe (ADR 255): "4,5" and "4,25" read as 4.5
 * and 4.25. Only a whole number, one comma and one or two digits: "1,000" stays a thousands separator
 * (three digits), anything else is left for the caller's own check. Anchored, no nested repeats: linear.
 * The caller has checked the length.
 */
export const decimalComma = (cleaned: string): string =>
  /^\d{1,12},\d{1,2}$/.test(cleaned) ? cleaned.replace(",", ".") : cleaned;
