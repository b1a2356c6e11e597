/** `npm run build`: a production build, the same one `npm start` makes when it needs one. */
import path from "node:path";
import { ensureBuild } from "../server/build-freshness.ts";

ensureBuild(path.resolve(import.meta.dirname, ".."), console.log, { force: true });
