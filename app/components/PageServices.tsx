/**
 * What every page runs beside its content and draws nothing of at first: the live updates' stream (ADR
 * 043), the connection's notice (ADR 226) and the offline queue it shows (ADR 227). One chunk the browser
 * loads after the page's first scripts (ADR 237): root.tsx imports this module only through lazySection,
 * the log forms for an entry sent offline. The queue and its notice arrive together or not at all, so an
 * entry kept on the phone is always shown waiting (ADR 229).
 */
export { LiveUpdates } from "#app/features/live/useLiveUpdates";
export { OfflineStatus } from "#app/features/offline/OfflineStatus";
export { keepOnceStarted } from "#app/features/offline/offline.client";
