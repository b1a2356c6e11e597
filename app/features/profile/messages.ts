/** The profile's messages (spec sections 5 and 8), exactly; shared by the page and the API. */
export const PROFILE_MESSAGES = {
  updating: "Updating profile...",
  updated: "Profile updated successfully!",
  updateFailed: "Failed to update profile",
  nameMismatch: "Please type your name correctly to confirm deletion",
  deleting: "Deleting account...",
  deleted: "Account deleted successfully",
  deleteFailed: "Failed to delete account. Please check your password.",
  passwordRequired: "Password is required.",
  deleteMailSent: "We have emailed you a link to confirm deleting your account. Open it in this browser, where you are signed in.",
  changedElsewhere: "Changed in another tab: reload to see the newest version. What you typed is still in the form.",
  sessionEnded: "Your session ended: sign in again to save. What you typed is kept and comes back after you sign in.",
  draftRestored: "Your unsaved changes are back: check them and save.",
  deleteLinkInvalid: "That account-deletion link is not valid or has expired. Ask for a new one below.",
} as const;
