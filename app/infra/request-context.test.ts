import { describe, expect, it } from "vitest";
import { clientIp } from "./request-context";

const info = { socketAddress: "10.0.0.1" };
const req = (xff?: string) => new Request("http://x/", { headers: xff === undefined ? {} : { "x-forwarded-for": xff } });

describe("clientIp", () => {
  it("is the socket address without trusted proxies, whatever the header says", () => {
    expect(clientIp(req("203.0.113.7"), info, 0)).toBe("10.0.0.1");
  });

  it("takes the entry our one proxy appended (the right end), not the client's first hop", () => {
    expect(clientIp(req("1.2.3.4, 203.0.113.7"), info, 1)).toBe("203.0.113.7");
    expect(clientIp(req("203.0.113.7"), info, 1)).toBe("203.0.113.7");
  });

  it("counts several trusted hops from the right", () => {
    expect(clientIp(req("1.2.3.4, 203.0.113.7, 10.1.1.1"), info, 2)).toBe("203.0.113.7");
    expect(clientIp(req("203.0.113.7"), info, 3)).toBe("203.0.113.7");
  });

  it("falls back to the socket for a missing or malformed header", () => {
    expect(clientIp(req(), info, 1)).toBe("10.0.0.1");
    expect(clientIp(req("not-an-ip"), info, 1)).toBe("10.0.0.1");
    expect(clientIp(req(" , "), info, 1)).toBe("10.0.0.1");
  });
});
