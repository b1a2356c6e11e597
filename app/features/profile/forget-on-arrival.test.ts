// @vitest-environment jsdom
import { beforeEach, describe, expect, test } from "vitest";
import { forgetOnArrival } from "./forget-on-arrival";

describe("forgetOnArrival", () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem("user", '{"id":"u1"}');
    localStorage.setItem("totalVisits", "4");
    localStorage.setItem("timeSpent", "0h 5m");
  });

  test("an address without markers changes nothing", () => {
    expect(forgetOnArrival("?utm_source=newsletter")).toBeNull();
    expect(localStorage.getItem("user")).not.toBeNull();
  });

  test("?signed-out=1 forgets the cached user, keeps the stats, and leaves the rest of the address", () => {
    expect(forgetOnArrival("?signed-out=1&utm_source=x")).toBe("?utm_source=x");
    expect(localStorage.getItem("user")).toBeNull();
    expect(localStorage.getItem("totalVisits")).toBe("4");
  });

  test("?deleted=1 forgets the user and this browser's stats", () => {
    expect(forgetOnArrival("?deleted=1")).toBe("");
    expect([localStorage.getItem("user"), localStorage.getItem("totalVisits"), localStorage.getItem("timeSpent")]).toEqual([null, null, null]);
  });
});
