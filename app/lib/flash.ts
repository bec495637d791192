/** A flash message: the outcome of the last action, shown once on the page it redirected to (ADR 160). */

/** What the message is about, for a page that shows more than the one line (e.g. /give's thank-you). */
export type FlashKind = "pledged" | "requested";

export interface Flash {
  /** Fresh for every message, so the same words twice in a row still show twice. */
  id: string;
  message: string;
  kind?: FlashKind;
  /**
   * The id of the element the message belongs beside (ADR 252): the page returns there by #fragment and
   * shows it there, where the member is looking, instead of at the top.
   */
  at?: string;
}

export const FLASH_MAX_LENGTH = 300;

/** The messages, in one place so the screens and the tests say the same thing. */
export const FLASH = {
  profileSaved: "Your profile is saved.",
  signedOut: "You are signed out. See you soon!",
  passwordChanged: "Your password is changed and you are signed in. Other devices have been signed out.",
  resetSent:
    "If an account uses that address, we have e-mailed it a link to reset the password. The link works once, for 1 hour.",
  joined: (cause: string) => `You joined ${cause}.`,
  completed: (cause: string) => `Well done! You completed ${cause}.`,
  undone: (cause: string) => `Completion undone: you are pursuing ${cause} again.`,
  left: (cause: string) => `You left ${cause}.`,
  pledged: "Thank you for your pledge!",
  fundraisingSaved: "Fundraising details saved.",
  inviteRevoked: "Invite link replaced: the old link no longer works.",
  markedPaid: "Pledge marked as paid.",
  markedUnpaid: "Pledge marked as not paid.",
  sent: (count: number) => `Message sent to ${count} ${count === 1 ? "person" : "people"}.`,
  requested: "Thank you! Your request is in. We will e-mail you as soon as early access opens.",
  suspended: (supportEmail: string) =>
    `You have been signed out: an admin has suspended this account. To ask why or to have it restored, Contact Support at ${supportEmail}.`,
  requestUpdated:
    "Your request was already in: we updated your details and kept your place. We will e-mail you as soon as early access opens.",
  alreadyMember:
    "You already have an account with that address: sign in below. Forgot the password? Use Forgot Password? to reset it.",
  inviteJoined: (cause: string) => `You joined ${cause} through an invite.`,
  goalCreated: (cause: string) => `Goal created: ${cause}.`,
  /** After /create (ADR 254): beside the organiser's tools, whose first link is the invite link. */
  goalCreatedNext: (cause: string) => `Goal created: ${cause}. Next: share its invite link so members can join.`,
  // The member's own account, notifications and friends (ADR 180-182).
  passwordChangedHere: "Your password is changed. Other devices have been signed out.",
  emailChangeSent: (email: string) => `Check ${email}: open the link we sent to confirm your new address.`,
  emailChanged: "Your e-mail address is changed. Sign in with the new one from now on.",
  pictureRemoved: "Your profile picture is removed.",
  notificationsSaved: "Your notification e-mail settings are saved.",
  pushSaved: "Your phone notification settings are saved.",
  unsubscribed: "Done: you will not get these e-mails any more.",
  accountDeleted: "Your account is deleted. Thank you for the goals you shared.",
  notificationsRead: "All notifications are marked as read.",
  friendInvited: (email: string) => `Invite sent to ${email}.`,
  friendRemoved: (first: string) => `${first} is no longer your friend.`,
  friendLinkRenewed: "You have a new invite link: the old one no longer works.",
  friendsNow: (first: string) => `You and ${first} are friends now.`,
  friendRequestDeclined: (first: string) => `You declined ${first}'s friend request.`,
  // Measured progress (ADR 140).
  progressLogged: (amount: string) => `Logged ${amount}.`,
  entryUpdated: "Entry updated.",
  entryDeleted: "Entry deleted.",
  entryRemoved: "Entry removed; the removal is in the audit log.",
  measureSaved: "Progress measure saved.",
  // Activity files (ADR 260).
  activitySaved: (n: number, total: string) => `Saved ${n} ${n === 1 ? "entry" : "entries"} from your files: ${total}.`,
} as const;
