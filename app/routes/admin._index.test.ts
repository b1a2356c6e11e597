import { expect, test } from "vitest";
import { callRoute } from "../../tests/routes/route-kit";
import { expectNotFoundForOutsiders, grantedOperator, listedOperator } from "../../tests/routes/operator-kit";
import { loader } from "./admin._index";

test("/admin opens on the inbox for an operator", async () => {
  for (const operator of [await listedOperator(), await grantedOperator()]) {
    const answer = await callRoute(loader, { path: "/admin", cookie: operator.cookie });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/admin/messages");
  }
});

test("/admin is not found, not a redirect, for everyone else", async () => {
  await expectNotFoundForOutsiders((cookie) => callRoute(loader, { path: "/admin", cookie }));
});
