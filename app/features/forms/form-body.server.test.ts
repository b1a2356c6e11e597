import { describe, expect, it } from "vitest";
import { MAX_BODY_BYTES, readFormBody } from "./form-body.server";

const url = "http://localhost/api/forms/feedback";
const fields = { name: "Asha", email: "asha@example.com", message: "नमस्ते, this is great" };

function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    pull(controller) {
      const next = chunks.shift();
      if (next) controller.enqueue(next);
      else controller.close();
    },
  });
}

describe("readFormBody", () => {
  it("reads JSON", async () => {
    const request = new Request(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(fields) });
    expect(await readFormBody(request)).toEqual({ kind: "ok", fields, hasFiles: false });
  });

  it("keeps JSON values' types for validation, and reads a malformed or non-object body as empty", async () => {
    const typed = new Request(url, { method: "POST", headers: { "content-type": "application/json; charset=utf-8" }, body: '{"name":42}' });
    expect(await readFormBody(typed)).toMatchObject({ fields: { name: 42 } });
    for (const body of ["{not json", "[1,2]", "null", ""]) {
      const request = new Request(url, { method: "POST", headers: { "content-type": "application/json" }, body });
      expect(await readFormBody(request), body).toEqual({ kind: "ok", fields: {}, hasFiles: false });
    }
  });

  it("reads urlencoded (the first value of a repeated key)", async () => {
    const body = new URLSearchParams({ ...fields });
    body.append("name", "Second");
    const request = new Request(url, { method: "POST", body });
    expect(await readFormBody(request)).toEqual({ kind: "ok", fields, hasFiles: false });
  });

  it("reads multipart, and notices an attached file", async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    expect(await readFormBody(new Request(url, { method: "POST", body: form }))).toEqual({ kind: "ok", fields, hasFiles: false });

    form.append("attachment", new Blob(["hello"], { type: "text/plain" }), "hello.txt");
    expect(await readFormBody(new Request(url, { method: "POST", body: form }))).toEqual({ kind: "ok", fields, hasFiles: true });
  });

  it("reads an unknown type or no body as no fields", async () => {
    expect(await readFormBody(new Request(url, { method: "POST", headers: { "content-type": "text/plain" }, body: "name=Asha" }))).toEqual({
      kind: "ok",
      fields: {},
      hasFiles: false,
    });
    expect(await readFormBody(new Request(url, { method: "POST" }))).toEqual({ kind: "ok", fields: {}, hasFiles: false });
  });

  it("refuses a body whose Content-Length is over 32 KB without reading it", async () => {
    const request = new Request(url, {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(MAX_BODY_BYTES + 1) },
      body: "{}",
    });
    expect(await readFormBody(request)).toEqual({ kind: "too-large" });
    expect(request.bodyUsed).toBe(false);
  });

  it("counts the bytes actually read when no length is declared (chunked)", async () => {
    const chunk = new Uint8Array(8 * 1024).fill(0x61);
    const over = new Request(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: streamOf([chunk, chunk, chunk, chunk, new Uint8Array([0x61])]),
      duplex: "half",
    } as RequestInit);
    expect(await readFormBody(over)).toEqual({ kind: "too-large" });

    const exactly = new Request(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: streamOf([new TextEncoder().encode("name="), new Uint8Array(MAX_BODY_BYTES - 5).fill(0x61)]),
      duplex: "half",
    } as RequestInit);
    const read = await readFormBody(exactly);
    expect(read.kind).toBe("ok");
  });
});
