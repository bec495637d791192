/**
 * The sports an entry can be, and their names: on their own so that the log form's sport field takes
 * them without the activity files' rules (ADR 237); activity.ts exports them too.
 */
export const SPORTS = ["walking", "running", "cycling", "hiking", "swimming", "wheelchair", "rowing", "other"] as const;
export type Sport = (typeof SPORTS)[number];

export const SPORT_LABELS: Record<Sport, string> = {
  walking: "Walking",
  running: "Running",
  cycling: "Cycling",
  hiking: "Hiking",
  swimming: "Swimming",
  wheelchair: "Wheelchair",
  rowing: "Rowing",
  other: "Other",
};

export const isSport = (value: unknown): value is Sport => (SPORTS as readonly unknown[]).includes(value);
