/**
 * What every page runs beside its content and draws nothing of at first: the live updates' stream (ADR
 * 043) and the connection's notice (ADR 226). One chunk the browser loads after the page's first scripts
 * (ADR 237): root.tsx imports this module only through lazySection.
 */
export { LiveUpdates } from "#app/features/live/useLiveUpdates";
export { OfflineStatus } from "#app/features/offline/OfflineStatus";
