/**
 * The log form's own constants, apart from the progress rules so that the first scripts of /main and the
 * goal screen (the log form's) carry no more than these (ADR 237); progress.ts exports them too.
 */

/** An entry's note, at most (characters). */
export const MAX_NOTE = 280;

/** The log form's id (ADR 224): the goal screen's answer without JavaScript lands there by #fragment. */
export const LOG_FORM_ID = "log";

/** The offer to complete the goal once my target is reached, just under the log form (ADR 222). */
export const REACHED_TARGET_ID = "reached-target";
