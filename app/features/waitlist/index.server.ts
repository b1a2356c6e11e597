/** The launch waitlist's server API: joining, the mailed links, and what the console reads. */
export { joinWaitlist, unsubscribeTokenValid, unsubscribeUrl, WAITLIST_SOURCES, type JoinOutcome } from "./waitlist-service.server";
export {
  confirmByToken,
  lookUpToken,
  confirmationsPerDay,
  countEntries,
  entryForEmail,
  findById,
  listEntries,
  removeEntry,
  type WaitlistCounts,
  type WaitlistEntry,
  type WaitlistFilter,
} from "./waitlist-store.server";
export { waitlistAnswer } from "./waitlist-answer.server";
