/** Global Privacy Control or Do Not Track: the visitor asked not to be tracked, and nothing is loaded or sent. */
export function trackingRefused(nav: Navigator): boolean {
  return (nav as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true || nav.doNotTrack === "1";
}
