/**
 * The page event push.client sends when this device's subscription changes: the Sign Out form's field
 * follows (ADR 284). On its own so that every page's Sign Out form takes it without the push rules (ADR 237).
 */
export const PUSH_CHANGED = "push-subscription-change";
