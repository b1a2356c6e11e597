import { describe, expect, it } from "vitest";
import { readRequestBody } from "./body.server";

const post = (body: BodyInit | null, type?: string, path = "/api/x") =>
  new Request(`http://x${path}`, { method: "POST", body, headers: type ? { "content-type": type } : {} });

describe("readRequestBody", () => {
  it("reads JSON, urlencoded and multipart into plain fields", async () => {
    expect(await readRequestBody(post('{"a":"1","n":2}', "application/json"))).toMatchObject({ ok: true, type: "json", fields: { a: "1", n: 2 } });
    expect(await readRequestBody(post("a=1+2&b=%C3%A9&a=ignored", "application/x-www-form-urlencoded"))).toMatchObject({
      ok: true,
      fields: { a: "1 2", b: "é" },
    });
    const form = new FormData();
    form.set("name", "Asha");
    const multipart = await readRequestBody(new Request("http://x/api/x", { method: "POST", body: form }));
    expect(multipart).toMatchObject({ ok: true, type: "multipart", fields: { name: "Asha" }, hasFiles: false });
  });

  it("keeps prototype keys as plain keys", async () => {
    const read = await readRequestBody(post('{"__proto__":{"admin":true},"constructor":"x"}', "application/json"));
    if (!read.ok) throw new Error("expected ok");
    expect(Object.getPrototypeOf(read.fields)).toBeNull();
    expect(Object.keys(read.fields).sort()).toEqual(["__proto__", "constructor"]);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    const form = await readRequestBody(post("__proto__=x&toString=y", "application/x-www-form-urlencoded"));
    expect(form).toMatchObject({ ok: true });
  });

  it("refuses NUL anywhere in text with 400", async () => {
    for (const body of ['{"token":"a\\u0000b"}', '{"a\\u0000":"x"}', '{"a":{"b":["\\u0000"]}}']) {
      expect(await readRequestBody(post(body, "application/json"))).toMatchObject({ ok: false, status: 400 });
    }
    expect(await readRequestBody(post("name=a%00b", "application/x-www-form-urlencoded"))).toMatchObject({ ok: false, status: 400 });
  });

  it("refuses a lone surrogate anywhere in JSON text with 400, and keeps a paired one", async () => {
    for (const body of ['{"callbackURL":"/\\ud83d"}', '{"\\udc00":"x"}', '{"a":["ok","\\ud83dx"]}']) {
      expect(await readRequestBody(post(body, "application/json")), body).toMatchObject({
        ok: false,
        status: 400,
        message: "Text may not contain a lone UTF-16 surrogate.",
      });
    }
    expect(await readRequestBody(post('{"name":"\\ud83d\\ude00 Asha"}', "application/json"))).toMatchObject({ ok: true, fields: { name: "😀 Asha" } });
  });

  it("refuses bytes that are not UTF-8 and bad percent-encoding with 400", async () => {
    const bad = new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]);
    expect(await readRequestBody(post(bad, "application/json"))).toMatchObject({ ok: false, status: 400 });
    expect(await readRequestBody(post("a=%FF", "application/x-www-form-urlencoded"))).toMatchObject({ ok: false, status: 400 });
    expect(await readRequestBody(post("a=%E0%A4%A", "application/x-www-form-urlencoded"))).toMatchObject({ ok: false, status: 400 });
  });

  it("refuses JSON that is not an object, or too deep, with 400", async () => {
    for (const body of ["[1,2]", '"x"', "null", "{", "1"]) {
      expect(await readRequestBody(post(body, "application/json"))).toMatchObject({ ok: false, status: 400 });
    }
    const deep = `{"a":${"[".repeat(10_000)}${"]".repeat(10_000)}}`;
    expect(await readRequestBody(post(deep, "application/json"))).toMatchObject({ ok: false, status: 400 });
  });

  it("refuses other content types with 415, and takes an empty body without one", async () => {
    expect(await readRequestBody(post("x", "text/plain"))).toMatchObject({ ok: false, status: 415 });
    expect(await readRequestBody(post("x"))).toMatchObject({ ok: false, status: 415 });
    expect(await readRequestBody(post('{"a":1}', "application/json"), { accept: ["urlencoded"] })).toMatchObject({ ok: false, status: 415 });
    expect(await readRequestBody(post(null))).toMatchObject({ ok: true, type: "empty" });
  });

  it("refuses a body over the route's cap with 413, by header or by counting", async () => {
    const big = "a=" + "x".repeat(40 * 1024);
    expect(await readRequestBody(post(big, "application/x-www-form-urlencoded", "/feedback"))).toMatchObject({ ok: false, status: 413 });
    expect(await readRequestBody(post(big, "application/x-www-form-urlencoded", "/profile"))).toMatchObject({ ok: true });
    const stream = new ReadableStream({
      start(c) {
        for (let i = 0; i < 100; i++) c.enqueue(new Uint8Array(1024).fill(97));
        c.close();
      },
    });
    const chunked = new Request("http://x/api/x", {
      method: "POST",
      body: stream,
      headers: { "content-type": "application/json" },
      duplex: "half",
    } as RequestInit);
    expect(await readRequestBody(chunked)).toMatchObject({ ok: false, status: 413 });
  });

  it("reports files in multipart bodies without reading them", async () => {
    const form = new FormData();
    form.set("name", "Asha");
    form.set("file", new Blob([new Uint8Array([0xff, 0x00, 0xfe])]), "a.bin");
    expect(await readRequestBody(new Request("http://x/api/x", { method: "POST", body: form }))).toMatchObject({ ok: true, hasFiles: true });
  });
});
