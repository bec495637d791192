/** The marketing page's title and description (shared by / and /marketing). */
export const MARKETING_TITLE = "Goals with Friends: achieve goals with friends";
export const MARKETING_DESCRIPTION =
  "Set goals with friends, track progress together, cheer each other on and raise money for charity with month-long challenges for groups and clubs.";
