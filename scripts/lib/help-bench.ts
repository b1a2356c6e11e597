/**
 * Ask Tuesday's own figures (issue 41), in a fresh process (run by `npm run
 * bench` through vite-node, which reads the blog's Markdown as the build does):
 * the index's build time and memory, and the answerer's time per question with
 * the index warm, over the question set asked in turn. Prints one JSON line.
 * Run with --expose-gc so that the heap is measured after collection.
 */
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { answerQuestion } from "~/features/help/answer.server";
import type { EvalQuestion } from "~/features/help/evaluate.server";
import { buildCorpus } from "~/features/help/corpus.server";
import { buildHelpIndex } from "~/features/help/search-index.server";

const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const { questions } = JSON.parse(readFileSync(new URL("../../eval/help/questions.json", import.meta.url), "utf8")) as { questions: EvalQuestion[] };

// The content modules are loaded before the clock starts: they are part of the server whether or not anyone asks.
buildCorpus();
gc();
const heapBefore = process.memoryUsage().heapUsed;
const started = performance.now();
const index = buildHelpIndex();
const buildMs = performance.now() - started;
// The first question pays for the lazily built parts (segmenter data, regular expressions).
const firstStarted = performance.now();
answerQuestion(index, questions[0]!.q, "en");
const firstMs = performance.now() - firstStarted;
gc();
const indexMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;

const times: number[] = [];
for (let round = 0; round < 20; round++) {
  for (const q of questions) {
    const t = performance.now();
    answerQuestion(index, q.q, q.page.startsWith("/hi") ? "hi" : "en");
    times.push(performance.now() - t);
  }
}
times.sort((a, b) => a - b);
const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
console.log(
  JSON.stringify({
    passages: index.passages.length,
    buildMs,
    firstMs,
    indexMb,
    questions: times.length,
    p50: at(0.5),
    p95: at(0.95),
    max: times[times.length - 1],
  }),
);
