/**
 * Drivers that only some deployments use, loaded the first time they are
 * needed instead of at start: a local `npm start` (SQLite, the outbox, no
 * Redis) never loads pg, ioredis or nodemailer, which keeps its resident
 * memory lower (about 25 MB; docs/decisions/0013-signed-in-requests.md).
 */
import { createRequire } from "node:module";
import type * as Ioredis from "ioredis";
import type * as Nodemailer from "nodemailer";
import type * as Pg from "pg";

const require = createRequire(import.meta.url);

export const loadPg = () => require("pg") as typeof Pg;
export const loadIoredis = () => require("ioredis") as typeof Ioredis;
export const loadNodemailer = () => require("nodemailer") as typeof Nodemailer;
