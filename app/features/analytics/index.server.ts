/** The analytics feature's server side (docs/decisions/0016-analytics.md). */
export { handleVitalsBeacon, type IngestDeps, optedOut, VITALS_ENDPOINT } from "./ingest.server";
export { dayOf, pruneAnalytics, recordBeacon, RETENTION_DAYS } from "./record.server";
export { type AnalyticsSummary, analyticsSummary, type SummaryDays, type VitalStats } from "./summary.server";
export { Attribution, type GoalRecorder, type Visitor } from "./attribution.server";
export { queueWeeklyReport, scheduleWeeklyReport } from "./weekly-report.server";
export { beaconSchema } from "./beacon-schema";
