/**
 * npm run eval:help [-- --split dev|test|all] [--failures]
 *
 * Ask Tuesday's figures per language on the question set (eval/help/questions.json):
 * first source right, citation precision, unanswerable declined, wrong declines,
 * prices exact. Tune on the development half only; the test half's figures go
 * in docs/decisions (issue 41). `--failures` lists the development half's misses.
 */
import { readFileSync } from "node:fs";
import { commandArgs } from "./lib/command-args.ts";
import { type EvalQuestion, evaluate, figures } from "~/features/help/evaluate.server";
import { buildHelpIndex } from "~/features/help/search-index.server";

const values = commandArgs(
  `Usage: npm run eval:help [-- --split dev|test|all --failures]

Ask Tuesday's figures per language on its question set (eval/help/questions.json). --failures lists the
questions it got wrong; tune on the development half only (ADR 0041).`,
  { split: { type: "string", default: "all" }, failures: { type: "boolean", default: false } },
);
const { questions } = JSON.parse(readFileSync(new URL("../eval/help/questions.json", import.meta.url), "utf8")) as { questions: EvalQuestion[] };
const index = buildHelpIndex();
const splits = values.split === "all" ? (["dev", "test"] as const) : ([values.split] as ("dev" | "test")[]);
const percent = (x: number) => `${(x * 100).toFixed(0)}%`.padStart(5);

for (const split of splits) {
  const outcomes = evaluate(
    index,
    questions.filter((q) => q.split === split),
  );
  console.log(`\n${split === "dev" ? "Development" : "Test (frozen)"} half: ${outcomes.length} questions`);
  console.log("language   answerable  unanswerable  first source  citation precision  declined  wrong declines  prices exact");
  for (const lang of ["en", "hi", "hinglish"] as const) {
    const f = figures(outcomes.filter((o) => o.question.lang === lang));
    console.log(
      `${lang.padEnd(10)} ${String(f.answerable).padStart(10)}  ${String(f.unanswerable).padStart(12)}  ${percent(f.firstSourceRight).padStart(12)}  ${percent(f.citationPrecision).padStart(18)}  ${percent(f.declined).padStart(8)}  ${percent(f.wrongDeclines).padStart(14)}  ${f.pricesExact.padStart(12)}`,
    );
  }
  if (values.failures && split === "dev") {
    for (const o of outcomes) {
      const ok = o.question.answerable ? o.firstSourceRight && o.rightSources === o.answer.sources.length && o.priceExact !== false : o.answer.kind === "none";
      if (!ok)
        console.log(`  ✗ ${o.question.id} ${o.question.q} → ${o.answer.kind} ${o.answer.sources.map((s) => s.url).join(" ")} | ${o.answer.text.slice(0, 120)}`);
    }
  }
}
