/** SPEC section 8/9: after more than this many counted sign-in failures, both fields say Contact Support. */
export const SHOW_SUPPORT_AFTER = 4;

export const contactSupportMessage = (supportEmail: string) => `Contact Support at ${supportEmail}`;
