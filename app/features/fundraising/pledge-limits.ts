/**
 * The pledge caps, on their own so that the log form's code (progress.ts) takes them without the rest
 * of the fundraising rules (ADR 237); fundraising.ts exports them too.
 */

/** A pledge above this (in major units) is a typo or abuse, not a gift. */
export const MAX_PLEDGE_MAJOR = 1_000_000;
/** The same in minor units: no pledge, fixed or per unit, is ever worth more (docs/product.md). */
export const MAX_PLEDGE_MINOR = MAX_PLEDGE_MAJOR * 100;
