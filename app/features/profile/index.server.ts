/** The profile feature's public server API: what the operator console may use. */
export { getUserRecord } from "./user-record.server";
export type { UserRecord } from "./user-record";
export { exportOwnData } from "./profile-service.server";
export { profileApiBodySchema, profileErrorsSchema } from "./profile-update.server";
export { messageSummarySchema, profileRecordSchema, recordAnswerSchema, userRecordSchema } from "./record-schema.server";
export { deleteAccountBodySchema } from "./profile-service.server";
