/** English words of the "errors" area (see ../messages.ts). */

export const errors = {
  notFoundTitle: "Oops! That page can't be found.",
  notFoundText: "It looks like nothing was found at this location. Maybe try one of the links in the menu or press back to go to the previous page.",
  notFoundPageTitle: "Page not found",
  goHome: "Go to the home page",
  somethingWrongTitle: "Something went wrong",
  somethingWrong: "Something went wrong.",
  somethingWrongText: "Please try again in a moment. If it keeps happening, tell us through the contact page.",
  refusedTitle: "Request not accepted",
  refused: "That request was not accepted.",
  refusedText: "Nothing was changed. If it came from a form on another site, open our page and try again from there.",
  unavailableTitle: "We're having trouble right now.",
  unavailableText: "Your data is safe; please try again in a minute.",
  tryAgain: "Try again",
  reference: "Reference: {id}",
  errorLoadingPage: "Error loading page",
  devTools: "Please do not open developer tools.",
};
