/**
 * Joins class names, and when two set the same thing (`max-w-6xl` from a
 * component, `max-w-3xl` from its caller) the later one wins: the caller's.
 * Without the merge both apply and whichever comes later in the stylesheet
 * wins, whatever the caller meant.
 *
 * tailwind-merge did this in 8.7 KB gzip of every page's initial JavaScript
 * (docs/decisions/0005-initial-javascript-budget.md); this knows only the
 * utilities this site uses, in ~1 KB. cn.test.ts holds it to tailwind-merge's
 * answer for every pair of classes found in app/: a new kind of utility that
 * it does not know fails that test, not a page.
 */

/** A utility's group: two classes of one group (and the same variants) set the same thing. */
type Rule = [RegExp, string | ((value: string) => string)];

const COLOR =
  /^(inherit|current|transparent|black|white|(brand|ink|saffron|red|amber|emerald|slate|gray|green|blue|yellow|orange|violet|purple)-\d+)(\/[\d.]+|\/\[[^\]]+\])?$/;
const SIZE_NAMES = /^(xs|sm|base|md|lg|xl|\dxl)$/;
const isLength = (v: string) => /^\[(\d|calc|min|max|clamp|var)/.test(v) && !/^\[(#|rgb|hsl|oklch|color)/.test(v);

const byValue = (color: string, other: string) => (v: string) => (COLOR.test(v) || /^\[(#|rgb|hsl|oklch|color:)/.test(v) ? color : other);

const RULES: Rule[] = [
  [/^(block|inline|inline-block|inline-flex|flex|grid|inline-grid|hidden|contents|table|table-row|table-cell|flow-root|list-item)$/, "display"],
  [/^(static|fixed|absolute|relative|sticky)$/, "position"],
  [/^(visible|invisible|collapse)$/, "visibility"],
  [/^(sr-only|not-sr-only)$/, "sr"],
  [/^(isolate|isolation-auto)$/, "isolation"],
  [/^scheme-(normal|dark|light|light-dark|only-dark|only-light)$/, "color-scheme"],
  [/^float-(left|right|start|end|none)$/, "float"],
  [/^clear-(left|right|both|start|end|none)$/, "clear"],
  [/^(truncate|text-ellipsis|text-clip)$/, "text-overflow"],
  [/^(uppercase|lowercase|capitalize|normal-case)$/, "text-transform"],
  [/^(underline|overline|line-through|no-underline)$/, "text-decoration"],
  [/^(tabular-nums|proportional-nums)$/, "fvn-spacing"],
  [/^(grow|grow-\d+)$/, "grow"],
  [/^(shrink|shrink-\d+)$/, "shrink"],
  [/^(grayscale|grayscale-.+)$/, "grayscale"],
  [/^(resize|resize-none|resize-x|resize-y)$/, "resize"],
  [/^(transition|transition-.+)$/, "transition"],
  [/^break-(normal|words|all|keep)$/, "break"],
  [/^wrap-(break-word|anywhere|normal)$/, "wrap"],
  [/^flex-(row|row-reverse|col|col-reverse)$/, "flex-direction"],
  [/^flex-(wrap|wrap-reverse|nowrap)$/, "flex-wrap"],
  [/^flex-(.+)$/, "flex"],
  [/^font-(thin|extralight|light|normal|medium|semibold|bold|extrabold|black|\d+)$/, "font-weight"],
  [/^font-(.+)$/, "font-family"],
  [/^text-(left|center|right|justify|start|end)$/, "text-alignment"],
  [/^text-(wrap|nowrap|balance|pretty)$/, "text-wrap"],
  [/^text-(.+)$/, (v) => (SIZE_NAMES.test(v) || isLength(v) ? "font-size" : "text-color")],
  [/^leading-(.+)$/, "leading"],
  [/^tracking-(.+)$/, "tracking"],
  // bg-gradient-to-* is Tailwind 3's name: tailwind-merge 3 takes it for a colour, and so do we.
  [/^bg-(linear-.+|radial.*|conic.*|none|\[[a-z-]*gradient.+|\[url.+)$/, "bg-image"],
  [/^bg-(auto|cover|contain)$/, "bg-size"],
  [/^bg-(bottom|center|left|left-bottom|left-top|right|right-bottom|right-top|top)$/, "bg-position"],
  [/^bg-(repeat|no-repeat|repeat-x|repeat-y|repeat-round|repeat-space)$/, "bg-repeat"],
  [/^bg-(fixed|local|scroll)$/, "bg-attachment"],
  [/^bg-(.+)$/, "bg-color"],
  [/^(from|via|to)-(.+)$/, ""],
  [/^border(-[0-9]+|-\[\d[^\]]*\])?$/, "border-w"],
  [/^border-([xytrblse])(-[0-9]+|-\[\d[^\]]*\])?$/, ""],
  [/^border-([xytrblse])-(.+)$/, ""],
  [/^border-(solid|dashed|dotted|double|hidden|none)$/, "border-style"],
  [/^border-(.+)$/, "border-color"],
  [/^divide-([xy])(-\d+)?$/, ""],
  [/^divide-(.+)$/, "divide-color"],
  [/^ring(-\d+)?$/, "ring-w"],
  [/^ring-inset$/, "ring-inset"],
  [/^ring-offset-(.+)$/, byValue("ring-offset-color", "ring-offset-w")],
  [/^ring-(.+)$/, "ring-color"],
  [/^outline-offset-(.+)$/, "outline-offset"],
  [/^(outline-none|outline-hidden|outline-solid|outline-dashed|outline-dotted|outline-double)$/, "outline-style"],
  [/^outline(-\d+)?$/, "outline-w"],
  [/^outline-(.+)$/, "outline-color"],
  [/^shadow(-(2xs|xs|sm|md|lg|xl|2xl|none|inner|card|lift))?$/, "shadow"],
  [/^shadow-(.+)$/, "shadow-color"],
  [/^rounded(-(none|xs|sm|md|lg|xl|\dxl|full|\[[^\]]+\]))?$/, "rounded"],
  [/^rounded-(tl|tr|bl|br|ss|se|es|ee|t|b|l|r|s|e)(-.+)?$/, ""],
  [/^underline-offset-(.+)$/, "underline-offset"],
  [/^(decoration)-(.+)$/, "decoration"],
  [/^(p|px|py|pt|pr|pb|pl|ps|pe|m|mx|my|mt|mr|mb|ml|ms|me)-(.+)$/, ""],
  [/^(w|h|size|min-w|min-h|max-w|max-h)-(.+)$/, ""],
  [/^(inset-x|inset-y|inset|top|right|bottom|left|start|end)-(.+)$/, ""],
  [/^(gap-x|gap-y|gap|space-x|space-y)-(.+)$/, ""],
  [/^(overflow-x|overflow-y|overflow)-(.+)$/, ""],
  [/^(overscroll-x|overscroll-y|overscroll)-(auto|contain|none)$/, ""],
  [/^snap-(x|y|both|none)$/, "snap-type"],
  [/^snap-(mandatory|proximity)$/, "snap-strictness"],
  [/^snap-(start|end|center|align-none)$/, "snap-align"],
  [/^snap-(normal|always)$/, "snap-stop"],
  [
    /^(grid-cols|grid-rows|col-span|col-start|col-end|row-span|row-start|row-end|col|row|basis|order|z|opacity|cursor|select|pointer-events|whitespace|align|appearance|accent|fill|stroke|animate|duration|ease|delay|rotate|scale|translate-x|translate-y|backdrop-blur|blur|aspect|object|list|items|justify|self|content|place-items|place-content|place-self|scroll-m[trblxy]?|scroll-p[trblxy]?|line-clamp)-(.+)$/,
    "",
  ],
  [/^(backdrop-blur|blur)$/, ""],
];

/** Later groups that replace earlier ones too: `p-4` after `px-2` sets both sides again. */
const ALSO_REPLACES: Record<string, string[]> = {
  p: ["px", "py", "pt", "pr", "pb", "pl", "ps", "pe"],
  px: ["pr", "pl", "ps", "pe"],
  py: ["pt", "pb"],
  m: ["mx", "my", "mt", "mr", "mb", "ml", "ms", "me"],
  mx: ["mr", "ml", "ms", "me"],
  my: ["mt", "mb"],
  size: ["w", "h"],
  inset: ["inset-x", "inset-y", "top", "right", "bottom", "left", "start", "end"],
  "inset-x": ["right", "left"],
  "inset-y": ["top", "bottom"],
  gap: ["gap-x", "gap-y"],
  overflow: ["overflow-x", "overflow-y"],
  overscroll: ["overscroll-x", "overscroll-y"],
  flex: ["basis", "grow", "shrink"],
  "font-size": ["leading"],
  rounded: [
    "rounded-tl",
    "rounded-tr",
    "rounded-bl",
    "rounded-br",
    "rounded-ss",
    "rounded-se",
    "rounded-es",
    "rounded-ee",
    "rounded-t",
    "rounded-b",
    "rounded-l",
    "rounded-r",
    "rounded-s",
    "rounded-e",
  ],
  "rounded-t": ["rounded-tl", "rounded-tr"],
  "rounded-b": ["rounded-bl", "rounded-br"],
  "rounded-l": ["rounded-tl", "rounded-bl"],
  "rounded-r": ["rounded-tr", "rounded-br"],
  "rounded-s": ["rounded-ss", "rounded-es"],
  "rounded-e": ["rounded-se", "rounded-ee"],
  "border-w": ["border-w-x", "border-w-y", "border-w-t", "border-w-r", "border-w-b", "border-w-l", "border-w-s", "border-w-e"],
  "border-w-x": ["border-w-r", "border-w-l"],
  "border-w-y": ["border-w-t", "border-w-b"],
  "border-color": [
    "border-color-x",
    "border-color-y",
    "border-color-t",
    "border-color-r",
    "border-color-b",
    "border-color-l",
    "border-color-s",
    "border-color-e",
  ],
  "border-color-x": ["border-color-r", "border-color-l"],
  "border-color-y": ["border-color-t", "border-color-b"],
};

function groupOf(utility: string): string | undefined {
  for (const [pattern, group] of RULES) {
    const m = pattern.exec(utility);
    if (!m) continue;
    if (typeof group === "function") return group(m[m.length - 1]!);
    if (group) return group;
    // Named by the pattern: the prefix, refined for the few kinds with sub-groups.
    const [, first = "", second = ""] = m;
    if (utility.startsWith("border-")) return /^(-[0-9]+|-\[\d[^\]]*\])?$/.test(second) || second === "" ? `border-w-${first}` : `border-color-${first}`;
    if (utility.startsWith("divide-")) return `divide-${first}`;
    if (utility.startsWith("rounded-")) return `rounded-${first}`;
    if (/^(from|via|to)-/.test(utility)) return `${first}-${/^\d+%$/.test(second) ? "position" : "color"}`;
    return first;
  }
  return undefined;
}

/** Splits `sm:hover:!px-4` into its variants (in a canonical order) and the utility. */
function keyOf(name: string): string | undefined {
  const parts = name.split(/:(?![^[]*\])/);
  let utility = parts.pop()!;
  const important = utility.startsWith("!") || utility.endsWith("!");
  utility = utility.replace(/^!|!$/g, "").replace(/^-/, "");
  const group = groupOf(utility);
  return group === undefined ? undefined : `${parts.sort().join(":")}:${important ? "!" : ""}${group}`;
}

/**
 * Answers by input, remembered: the same few hundred class lists come back on
 * every render, and working one out is ~40 regular expressions per class (a
 * CPU profile of an uncached /profile render: 13 % of it in here before this).
 * Bounded, oldest out first.
 */
const merged = new Map<string, string>();
const MERGED_MAX = 2000;

export function cn(...parts: Array<string | false | null | undefined>): string {
  const input = parts.filter(Boolean).join(" ");
  const known = merged.get(input);
  if (known !== undefined) return known;
  const answer = merge(input);
  if (merged.size >= MERGED_MAX) merged.delete(merged.keys().next().value!);
  merged.set(input, answer);
  return answer;
}

function merge(input: string): string {
  const names = input.split(/\s+/).filter(Boolean);
  const taken = new Set<string>();
  const kept: string[] = [];
  // From the last class back: the first one seen of each group wins, and takes its sub-groups with it.
  for (let i = names.length - 1; i >= 0; i--) {
    const name = names[i]!;
    const key = keyOf(name);
    if (key === undefined) {
      kept.push(name);
      continue;
    }
    if (taken.has(key)) continue;
    taken.add(key);
    const cut = key.lastIndexOf(":");
    const prefix = key.slice(0, cut + 1);
    const bang = key[cut + 1] === "!" ? "!" : "";
    for (const sub of ALSO_REPLACES[key.slice(cut + 1 + bang.length)] ?? []) taken.add(`${prefix}${bang}${sub}`);
    kept.push(name);
  }
  return kept.reverse().join(" ");
}
