/** With SMTP_URL set, mail leaves the machine: the local mailbox does not exist. Its own file: the configuration is read once per file. */
import { expect, test, vi } from "vitest";
import { callRoute } from "../../../tests/routes/route-kit";
import { loader } from "./mailbox";
import { loader as messageLoader } from "./mailbox-message";

vi.stubEnv("SMTP_URL", "smtp://127.0.0.1:2525");

test("the mailbox and its mails are a 404, even for the person at this machine", async () => {
  const local = { ip: "127.0.0.1", headers: { host: "localhost:3000" } };
  expect((await callRoute(loader, { path: "/dev/mailbox", ...local })).status).toBe(404);
  expect((await callRoute(loader, { path: "/dev/mailbox?format=json", ...local })).status).toBe(404);
  expect((await callRoute(messageLoader, { path: "/dev/mailbox/any", params: { id: "any" }, ...local })).status).toBe(404);
});
