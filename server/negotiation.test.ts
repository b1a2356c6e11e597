import { describe, expect, it } from "vitest";
import { chooseEncoding, homeLanguage, homeRedirect, isNotModified } from "./negotiation";

describe("chooseEncoding", () => {
  it("prefers brotli, then gzip, and honours q-values", () => {
    expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(chooseEncoding("gzip, deflate")).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip")).toBe("gzip");
    expect(chooseEncoding("gzip;q=1.0, br;q=0.5")).toBe("gzip");
    expect(chooseEncoding("br;q=0.5, gzip;q=0.5")).toBe("br");
    expect(chooseEncoding("*")).toBe("br");
    expect(chooseEncoding("*;q=0, identity")).toBe("identity");
    expect(chooseEncoding("deflate")).toBe("identity");
    expect(chooseEncoding(undefined)).toBe("identity");
    expect(chooseEncoding("")).toBe("identity");
  });

  it("chooses only among the forms available", () => {
    expect(chooseEncoding("br, gzip", ["gzip"])).toBe("gzip");
    expect(chooseEncoding("br", ["gzip"])).toBe("identity");
    expect(chooseEncoding("br, gzip", [])).toBe("identity");
  });

  it("remembers a header's answer per set of available forms, and stays right past its bound", () => {
    expect(chooseEncoding("br, gzip")).toBe("br");
    expect(chooseEncoding("br, gzip", ["gzip"])).toBe("gzip");
    expect(chooseEncoding("br, gzip", ["br"])).toBe("br");
    expect(chooseEncoding("br, gzip")).toBe("br");
    for (let i = 0; i < 600; i++) expect(chooseEncoding(`gzip;q=0.${(i % 9) + 1}, x-${i}`)).toBe("gzip");
    expect(chooseEncoding("gzip;q=1.0, br;q=0.5")).toBe("gzip");
    expect(chooseEncoding(`br;q=0, ${"x".repeat(300)}, gzip`)).toBe("gzip");
  });

  it("takes a repeated header as one list", () => {
    expect(chooseEncoding(["deflate", "gzip"])).toBe("gzip");
  });
});

describe("isNotModified", () => {
  const etag = '"abc"';
  it("matches a strong or weak validator, in a list or alone, and *", () => {
    expect(isNotModified({ "if-none-match": '"abc"' }, etag)).toBe(true);
    expect(isNotModified({ "if-none-match": 'W/"abc"' }, etag)).toBe(true);
    expect(isNotModified({ "if-none-match": '"x", W/"abc"' }, etag)).toBe(true);
    expect(isNotModified({ "if-none-match": "*" }, etag)).toBe(true);
  });

  it("does not match another validator, none, or a request that asks for a fresh copy", () => {
    expect(isNotModified({ "if-none-match": '"x"' }, etag)).toBe(false);
    expect(isNotModified({}, etag)).toBe(false);
    expect(isNotModified({ "if-none-match": '"abc"', "cache-control": "no-cache" }, etag)).toBe(false);
  });
});

describe("homeLanguage (the bare / only)", () => {
  const cookie = "tuesday.lang";
  it("follows a remembered choice first, then a browser that ranks Hindi above English", () => {
    expect(homeLanguage({}, cookie)).toBe("en");
    expect(homeLanguage({ "accept-language": "hi-IN,hi;q=0.9,en;q=0.8" }, cookie)).toBe("hi");
    expect(homeLanguage({ "accept-language": "hi" }, cookie)).toBe("hi");
    expect(homeLanguage({ "accept-language": "en-IN,en;q=0.9,hi;q=0.8" }, cookie)).toBe("en");
    expect(homeLanguage({ "accept-language": "fr-FR" }, cookie)).toBe("en");
    expect(homeLanguage({ "accept-language": "*" }, cookie)).toBe("en");
    expect(homeLanguage({ "accept-language": "hi-IN", cookie: "tuesday.lang=en" }, cookie)).toBe("en");
    expect(homeLanguage({ cookie: "a=b; tuesday.lang=hi" }, cookie)).toBe("hi");
  });

  it("reads only its own cookie, whole", () => {
    expect(homeLanguage({ cookie: "xtuesday.lang=hi" }, cookie)).toBe("en");
    expect(homeLanguage({ cookie: "tuesday.lang=hindi" }, cookie)).toBe("en");
    expect(homeLanguage({ cookie: "tuesdayXlang=hi" }, cookie)).toBe("en");
  });
});

describe("homeRedirect (where the bare / sends a request)", () => {
  const language = { cookie: "tuesday.lang", attributes: "Path=/; SameSite=Lax", param: "lang" };
  const hindiReader = { "accept-language": "hi-IN,hi;q=0.9", cookie: "tuesday.lang=hi" };

  it("sends a Hindi reader to /hi with the query, and an English one nowhere", () => {
    expect(homeRedirect(hindiReader, "?utm_source=x", language)).toEqual({ location: "/hi?utm_source=x" });
    expect(homeRedirect({}, "", language)).toBeUndefined();
  });

  it("remembers the language the switch names in the answer itself, whatever the cookie said", () => {
    // The press that wrote tuesday.lang=en from the page may not have reached the browser's cookie store yet.
    expect(homeRedirect(hindiReader, "?lang=en", language)).toEqual({ location: "/", setCookie: "tuesday.lang=en; Path=/; SameSite=Lax" });
    expect(homeRedirect({}, "?lang=hi", language)).toEqual({ location: "/hi", setCookie: "tuesday.lang=hi; Path=/; SameSite=Lax" });
    expect(homeRedirect(hindiReader, "?utm_source=x&lang=en&lang=hi", language)).toEqual({
      location: "/?utm_source=x",
      setCookie: "tuesday.lang=en; Path=/; SameSite=Lax",
    });
  });

  it("ignores a language it does not have", () => {
    expect(homeRedirect({}, "?lang=fr", language)).toBeUndefined();
    expect(homeRedirect(hindiReader, "?lang=en%3Bx%3Dy", language)).toEqual({ location: "/hi?lang=en%3Bx%3Dy" });
  });
});
