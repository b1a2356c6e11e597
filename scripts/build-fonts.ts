/**
 * `npm run fonts`: the rupee sign from Inter, as a font of its own.
 *
 * The Latin subset of Inter we ship (47 KB) has no ₹ (U+20B9); it sits in the
 * Latin Extended file (85 KB), too much for one glyph on the pricing page of a
 * slow phone. This cuts that glyph, with the weight axis, into a 1.2 KB woff2
 * that app.css declares as "Inter" for U+20B9 only: the browser fetches it on
 * pages that show a price, and the ₹ is drawn by the brand font in every
 * weight. Run again after upgrading @fontsource-variable/inter; the output is
 * committed (the build needs no font tooling).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import subsetFont from "subset-font";

const source = fileURLToPath(import.meta.resolve("@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2"));
const target = fileURLToPath(new URL("../app/shared/fonts/inter-rupee-wght-normal.woff2", import.meta.url));

const subset = await subsetFont(readFileSync(source), "₹", { targetFormat: "woff2" });
writeFileSync(target, subset);
console.log(`${target}: ${subset.length} bytes`);
