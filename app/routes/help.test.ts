/**
 * GET /help?q= and /hi/help?q= (contract, issue 41): the same answer as a page,
 * without JavaScript; the thumbs post back to the answer, marked rated, and the
 * question is not counted twice.
 */
import { expect, test } from "vitest";
import { services } from "~/services.server";
import { callRoute } from "../../tests/routes/route-kit";
import { action, loader } from "./help";

type Page = {
  q: string;
  rated: string | null;
  problem: string | null;
  reply: { kind: string; text: string; sources: { url: string }[]; answerId: string; lang: string } | null;
};

let lastIp = 0;
const ip = () => `10.42.0.${++lastIp}`;

test("an empty /help shows the form; a question shows its answer in the page's language", async () => {
  const empty = await callRoute<Page>(loader, { path: "/help", ip: ip() });
  expect(empty.status).toBe(200);
  expect(empty.data.reply).toBeNull();

  const english = await callRoute<Page>(loader, { path: `/help?q=${encodeURIComponent("paise wapas milenge?")}`, ip: ip() });
  expect(english.data.reply!.kind).toBe("answer");
  expect(english.data.reply!.sources[0]!.url).toMatch(/^\/terms/);

  const hindi = await callRoute<Page>(loader, { path: `/hi/help?q=${encodeURIComponent("refund milega kya")}`, ip: ip() });
  expect(hindi.data.reply!.lang).toBe("hi");
  expect(hindi.data.reply!.sources[0]!.url).toMatch(/^\/hi\/terms/);
});

test("a question written in Devanagari is answered in Hindi on the English page too; an English one in English", async () => {
  const devanagari = await callRoute<Page>(loader, { path: `/help?q=${encodeURIComponent("क्या मुझे पैसे वापस मिलेंगे?")}`, ip: ip() });
  expect(devanagari.data.reply!.lang).toBe("hi");
  expect(devanagari.data.reply!.sources[0]!.url).toMatch(/^\/hi\/terms/);
  const english = await callRoute<Page>(loader, { path: `/help?q=${encodeURIComponent("Can I get a refund?")}`, ip: ip() });
  expect(english.data.reply!.lang).toBe("en");
});

test("a question of a word every object inherits (constructor) gets the page's decline, not a 500", async () => {
  const page = await callRoute<Page>(loader, { path: "/help?q=constructor", ip: ip() });
  expect(page.status).toBe(200);
  expect(page.data.reply!.kind).toBe("none");
});

test("an over-long question is a 422 page that says so", async () => {
  const page = await callRoute<Page>(loader, { path: `/help?q=${"a".repeat(501)}`, ip: ip() });
  expect(page.status).toBe(422);
  expect(page.data.problem).toBe("too-long");
});

test("a thumb posts back to the answer, rated; the question is counted once", async () => {
  const { database } = await services();
  const count = async () =>
    Number(
      (await database.db.selectFrom("help_daily").select("count").where("metric", "=", "answered").where("topic", "=", "cookies").executeTakeFirst())?.count ??
        0,
    );
  const q = "what cookies does the site use";
  const before = await count();
  const page = await callRoute<Page>(loader, { path: `/help?q=${encodeURIComponent(q)}`, ip: ip() });
  expect(await count()).toBe(before + 1);
  const posted = await callRoute(action, { path: "/help", form: { q, answerId: page.data.reply!.answerId, helpful: "up" }, ip: ip() });
  expect(posted.status).toBe(302);
  expect(posted.location).toBe(`/help?q=${encodeURIComponent(q)}&rated=up`);
  const back = await callRoute<Page>(loader, { path: posted.location!, ip: ip() });
  expect(back.data.rated).toBe("up");
  expect(back.data.reply!.kind).toBe("answer");
  expect(await count()).toBe(before + 1);
});
