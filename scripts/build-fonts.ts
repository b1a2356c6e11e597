/**
 * `npm run fonts`: the rupee sign from Inter; the word "हिन्दी" from Noto Sans
 * Devanagari; and Noto Sans Devanagari cut to what the Hindi pages draw; each
 * as a font of its own.
 *
 * The Latin subset of Inter we ship (47 KB) has no ₹ (U+20B9); it sits in the
 * Latin Extended file (85 KB), too much for one glyph on the pricing page of a
 * slow phone. This cuts that glyph, with the weight axis, into a 1.2 KB woff2
 * that app.css declares as "Inter" for U+20B9 only: the browser fetches it on
 * pages that show a price, and the ₹ is drawn by the brand font in every
 * weight. Run again after upgrading @fontsource-variable/inter; the output is
 * committed (the build needs no font tooling).
 *
 * The language switch on English pages says "हिन्दी": drawn in a system font it
 * is boxes on a computer without Devanagari, and drawn in the Devanagari web
 * font (121 KB) it would cost every English page that file. So its glyphs
 * (with the shaping of the conjunct) are cut into a file of their own, a
 * couple of KB, which app.css names for `.native-script` (docs/decisions/0032-hindi.md).
 *
 * The brand face itself is fontsource's Latin file (48 KB, weights 100 to
 * 900) cut to the weights the site sets (400 to 900; nothing is lighter than
 * `font-normal`), every code point of its unicode-range and every OpenType
 * feature kept (tabular figures included): 33 KB, on every page's first view
 * (docs/decisions/0019-slow-phone.md, "Fonts").
 *
 * The Hindi pages' own font is the same file cut to the weights the site uses
 * (400 to 800): 71 KB instead of 121 KB on a slow phone's first Hindi page.
 * Every code point of the Devanagari block is kept, and HarfBuzz's subsetter
 * keeps every glyph its shaping rules reach from them, so every conjunct
 * (क्ष त्र श्र ज्ञ, and whatever a user types in a name) still forms: cutting to
 * the words the site ships instead saved 200 bytes and would have broken
 * users' own text.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import subsetFont from "subset-font";
import { LANGUAGE_NAME } from "../app/shared/i18n/locale.ts";

/**
 * The unicode-range of fontsource's Latin file, which app.css repeats for the
 * cut: the cut keeps every one of these code points, so nothing falls back
 * that did not before.
 */
const INTER_LATIN_RANGE: Array<[number, number]> = [
  [0x0000, 0x00ff],
  [0x0131, 0x0131],
  [0x0152, 0x0153],
  [0x02bb, 0x02bc],
  [0x02c6, 0x02c6],
  [0x02da, 0x02da],
  [0x02dc, 0x02dc],
  [0x0304, 0x0304],
  [0x0308, 0x0308],
  [0x0329, 0x0329],
  [0x2000, 0x206f],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2191, 0x2191],
  [0x2193, 0x2193],
  [0x2212, 0x2212],
  [0x2215, 0x2215],
  [0xfeff, 0xfeff],
  [0xfffd, 0xfffd],
];

const source = fileURLToPath(import.meta.resolve("@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2"));
const target = fileURLToPath(new URL("../app/shared/fonts/inter-rupee-wght-normal.woff2", import.meta.url));

const subset = await subsetFont(readFileSync(source), "₹", { targetFormat: "woff2" });
writeFileSync(target, subset);
console.log(`${target}: ${subset.length} bytes`);

const latin = fileURLToPath(import.meta.resolve("@fontsource-variable/inter/files/inter-latin-wght-normal.woff2"));
const latinTarget = fileURLToPath(new URL("../app/shared/fonts/inter-latin-site-wght-normal.woff2", import.meta.url));
const latinSite = await subsetFont(readFileSync(latin), codePoints(INTER_LATIN_RANGE), {
  targetFormat: "woff2",
  variationAxes: { wght: { min: 400, max: 900, default: 400 } },
});
writeFileSync(latinTarget, latinSite);
console.log(`${latinTarget}: ${latinSite.length} bytes`);

const devanagari = fileURLToPath(import.meta.resolve("@fontsource-variable/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-wght-normal.woff2"));
const nameTarget = fileURLToPath(new URL("../app/shared/fonts/hindi-language-name-wght-normal.woff2", import.meta.url));
const name = await subsetFont(readFileSync(devanagari), LANGUAGE_NAME.hi, { targetFormat: "woff2" });
writeFileSync(nameTarget, name);
console.log(`${nameTarget}: ${name.length} bytes`);

const siteTarget = fileURLToPath(new URL("../app/shared/fonts/noto-devanagari-site-wght-normal.woff2", import.meta.url));
const site = await subsetFont(readFileSync(devanagari), devanagariBlock(), {
  targetFormat: "woff2",
  variationAxes: { wght: { min: 400, max: 800, default: 400 } },
});
writeFileSync(siteTarget, site);
console.log(`${siteTarget}: ${site.length} bytes`);

/** Every code point of the Devanagari block, with the joiners that steer conjuncts. */
function devanagariBlock(): string {
  let block = "\u200C\u200D";
  for (let code = 0x0900; code <= 0x097f; code++) block += String.fromCodePoint(code);
  return block;
}

function codePoints(ranges: Array<[number, number]>): string {
  let text = "";
  for (const [first, last] of ranges) for (let code = first; code <= last; code++) text += String.fromCodePoint(code);
  return text;
}
