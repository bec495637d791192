/** SPEC section 8/9: after more than this many counted sign-in failures, both fields say Contact Support. */
export const SHOW_SUPPORT_AFTER = 4;

export const contactSupportMessage = (supportEmail: string) => `Contact Support at ${supportEmail}`;

/** Why an account cannot sign in while suspended, and where to turn (ADR 100, 171). */
export const suspendedMessage = (supportEmail: string) =>
  `This account is suspended, so it cannot sign in. To ask why or to restore it, Contact Support at ${supportEmail}`;

/**
 * The support address a sign-in message sends the person to, if it sends them anywhere: the screen
 * says it once more as a mailto link, with the reason.
 */
export function supportAddressIn(messages: readonly string[] | undefined): string | null {
  for (const message of messages ?? []) {
    const at = message.lastIndexOf("Contact Support at ");
    if (at >= 0) return message.slice(at + "Contact Support at ".length).trim() || null;
  }
  return null;
}
