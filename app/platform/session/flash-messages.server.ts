/**
 * The flash messages (app/lib/flash.ts) for routes whose actions are their only users: imported from
 * here, a `.server` module, the browser gets an empty module instead of the messages (ADR 126).
 */
export { FLASH } from "#app/lib/flash";
