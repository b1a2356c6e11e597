/**
 * POST /api/help/ask and /api/help/feedback (contract, issue 41): answers from
 * the site's pages with a source, "none" with no source and the contact page
 * prefilled, 422 for an empty, over-long or badly-tagged question, 429 past the
 * per-client budget (a classroom's 100 questions pass), counters but never the
 * question in the database, thumbs counted by source for an id we gave.
 */
import { describe, expect, test } from "vitest";
import { answerIdOf } from "~/features/help/answer-id.server";
import { formatRupees, plans, priceFor } from "~/features/pricing";
import { RULES } from "~/infra/rate-limit/rules";
import { services } from "~/services.server";
import { callRoute } from "../../../tests/routes/route-kit";
import { action as ask } from "./help-ask";
import { action as feedback } from "./help-feedback";

type Reply = {
  kind: string;
  text: string;
  sources: { url: string; title: string }[];
  answerId: string;
  contactUrl: string;
  lang: string;
  followUps: string[];
  success?: false;
  message?: string;
};

let lastIp = 0;
const freshIp = () => `10.41.${Math.floor(++lastIp / 250)}.${(lastIp % 250) + 1}`;

function question(json: unknown, ip = freshIp()) {
  return callRoute<Reply>(ask, { path: "/api/help/ask", json, ip });
}

async function helpRows() {
  const { database } = await services();
  return database.db.selectFrom("help_daily").selectAll().execute();
}

describe("an answerable question", () => {
  test("a price is the pricing page's, monthly and yearly, with the plan's place as its source", async () => {
    const student = plans.find((p) => p.id === "student")!;
    const answer = await question({ q: "student plan kitne ka hai" });
    expect(answer.status).toBe(200);
    expect(answer.data.kind).toBe("answer");
    expect(answer.data.text).toContain(formatRupees(priceFor(student, "monthly")));
    expect(answer.data.text).toContain(formatRupees(priceFor(student, "yearly")));
    expect(answer.data.sources[0]!.url).toBe("/pricing#plan-student");
    expect(answer.headers.get("cache-control")).toBe("no-store");
  });

  test("a Devanagari question is answered in Hindi from the Hindi page; lang=en answers it in English", async () => {
    const hindi = await question({ q: "क्या आप मेरा डेटा बेचते हैं?" });
    expect(hindi.data.lang).toBe("hi");
    expect(hindi.data.sources[0]!.url).toMatch(/^\/hi\/privacy/);
    expect(hindi.data.text).toMatch(/[\u0900-\u097F]/);
    const english = await question({ q: "क्या आप मेरा डेटा बेचते हैं?", lang: "en" });
    expect(english.data.sources[0]!.url).toMatch(/^\/privacy/);
    expect(english.data.text).toMatch(/sell/);
  });

  test("urlencoded, as the widget's form sends it without scripts", async () => {
    const answer = await callRoute<Reply>(ask, { path: "/api/help/ask", form: { q: "Can I get a refund?" }, ip: freshIp() });
    expect(answer.status).toBe(200);
    expect(answer.data.sources[0]!.url).toMatch(/^\/terms/);
  });
});

describe("what the site does not say", () => {
  test.each(["What's the weather in Kanpur today?", "Is Tuesday AI better than ChatGPT?", "aapka gst number kya hai", "When was my last payment?"])(
    "%s: none, no source, the contact page with the question",
    async (q) => {
      const answer = await question({ q });
      expect(answer.status).toBe(200);
      expect(answer.data.kind).toBe("none");
      expect(answer.data.sources).toEqual([]);
      expect(answer.data.contactUrl).toBe(`/contact?message=${encodeURIComponent(q)}`);
    },
  );
});

describe("bad input", () => {
  test.each([
    [{ q: "" }, 422],
    [{ q: "   " }, 422],
    [{}, 422],
    [{ q: "x".repeat(501) }, 422],
    [{ q: "price", lang: "fr" }, 422],
    [{ q: 42 }, 422],
  ])("%j → %i, as JSON", async (json, status) => {
    const answer = await question(json);
    expect(answer.status).toBe(status);
    expect(answer.data.success).toBe(false);
    expect(answer.data.message).toBeTruthy();
  });

  test("another method than POST is a 405 that names POST, for the question and the thumbs alike", async () => {
    for (const [route, path] of [
      [ask, "/api/help/ask"],
      [feedback, "/api/help/feedback"],
    ] as const) {
      for (const method of ["PUT", "PATCH", "DELETE"]) {
        const answer = await callRoute<Reply>(route, { path, method, json: { q: "refund" }, ip: freshIp() });
        expect(answer.status, `${method} ${path}`).toBe(405);
        expect(answer.headers.get("allow")).toBe("POST");
        expect(answer.data.success).toBe(false);
      }
    }
  });

  test("a body that is not JSON is a 400; another type a 415", async () => {
    expect((await callRoute(ask, { path: "/api/help/ask", body: "{", headers: { "content-type": "application/json" }, ip: freshIp() })).status).toBe(400);
    expect((await callRoute(ask, { path: "/api/help/ask", body: "q", headers: { "content-type": "text/plain" }, ip: freshIp() })).status).toBe(415);
  });
});

test("a classroom behind one address gets 100 answers; past the budget, 429 with Retry-After", async () => {
  const ip = freshIp();
  for (let i = 0; i < 100; i++) expect((await question({ q: "Do you sell my data?" }, ip)).status).toBe(200);
  for (let i = 100; i < RULES.help.ip.max; i++) await question({ q: "Do you sell my data?" }, ip);
  const refused = await question({ q: "Do you sell my data?" }, ip);
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
});

test("the counters hold topics and pages, never the question; the log stays empty unless switched on", async () => {
  const q = "Which cookies does the site use, asks marker-7d1f?";
  await question({ q });
  const rows = await helpRows();
  expect(rows.some((r) => r.metric === "answered" && r.topic === "cookies")).toBe(true);
  expect(JSON.stringify(rows)).not.toContain("marker-7d1f");
  const { database } = await services();
  expect(await database.db.selectFrom("help_unanswered").selectAll().execute()).toEqual([]);
});

describe("thumbs", () => {
  test("count against the answer's source page; an id we did not give is a 422", async () => {
    const answer = await question({ q: "Can I return a physical product?" });
    const before = (await helpRows()).find((r) => r.metric === "down" && r.source === "/terms")?.count ?? 0;
    const thumb = await callRoute<{ ok: boolean }>(feedback, {
      path: "/api/help/feedback",
      json: { answerId: answer.data.answerId, helpful: false },
      ip: freshIp(),
    });
    expect(thumb.status).toBe(200);
    expect((await helpRows()).find((r) => r.metric === "down" && r.source === "/terms")?.count).toBe(Number(before) + 1);

    const [payload] = answer.data.answerId.split(".");
    const forged = Buffer.from(JSON.stringify(["pricing", "/evil", "x"])).toString("base64url");
    for (const answerId of [`${forged}.${answer.data.answerId.split(".")[1]}`, `${payload}.AAAA`, "nonsense"]) {
      expect((await callRoute(feedback, { path: "/api/help/feedback", json: { answerId, helpful: true }, ip: freshIp() })).status).toBe(422);
    }
    expect((await callRoute(feedback, { path: "/api/help/feedback", json: { answerId: answer.data.answerId }, ip: freshIp() })).status).toBe(422);
  });

  test("one client's thumbs on a topic and page count once a day, however many answers it asks for; an old id is a 422", async () => {
    const downs = async () => (await helpRows()).filter((r) => r.metric === "down" && r.source === "/terms").reduce((sum, r) => sum + Number(r.count), 0);
    const before = await downs();
    const client = freshIp();
    for (let i = 0; i < 5; i++) {
      // A fresh answer (and answer id) each time, from the same client.
      const answer = await question({ q: "Can I return a physical product?" }, client);
      const thumb = await callRoute(feedback, { path: "/api/help/feedback", json: { answerId: answer.data.answerId, helpful: false }, ip: client });
      expect(thumb.status).toBe(200);
    }
    expect(await downs()).toBe(before + 1);
    // Another client's thumb counts.
    const other = await question({ q: "Can I return a physical product?" });
    await callRoute(feedback, { path: "/api/help/feedback", json: { answerId: other.data.answerId, helpful: false }, ip: freshIp() });
    expect(await downs()).toBe(before + 2);

    const { env } = await services();
    const old = answerIdOf({ topic: "refunds", source: "/terms" }, env.authSecret, new Date(Date.now() - 2 * 86_400_000));
    const yesterday = answerIdOf({ topic: "refunds", source: "/terms" }, env.authSecret, new Date(Date.now() - 86_400_000));
    expect((await callRoute(feedback, { path: "/api/help/feedback", json: { answerId: old, helpful: false }, ip: freshIp() })).status).toBe(422);
    expect((await callRoute(feedback, { path: "/api/help/feedback", json: { answerId: yesterday, helpful: false }, ip: freshIp() })).status).toBe(200);
    expect(await downs()).toBe(before + 3);
  });
});
