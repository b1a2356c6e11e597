// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { messagesFor } from "~/shared/i18n/messages.server";
import type { ProfileActionData } from "./profile-state";
import { ProfileView } from "./profile-view";
import type { ProfileRecord } from "./user-record";

afterEach(cleanup);

const EN = messagesFor("en").account;
const RECORD: ProfileRecord = {
  id: "u-asha",
  email: "asha@example.com",
  name: "Asha Rao",
  gender: "",
  dob: "",
  about: "",
  created_at: "2026-11-01T10:00:00.000Z",
  updated_at: "2026-11-01T10:00:00.000Z",
  messages: [],
  last_login: null,
  login_count: 1,
  email_verified: true,
  verification_sent_at: null,
  verification_attempts: 0,
  language: "en",
};

/** /profile?delete=1 as a plain post's answer renders it (no scripts): the delete section in the page. */
function deletePage(initial: ProfileActionData, hasPassword: boolean) {
  const Page = createRoutesStub([
    {
      path: "/profile",
      Component: () => <ProfileView record={RECORD} hasPassword={hasPassword} linkError={false} startEditing={false} startDeleting initial={initial} />,
    },
  ]);
  return render(<Page initialEntries={["/profile?delete=1"]} />);
}

describe("ProfileView's delete section, after a plain post", () => {
  it("says the confirmation link was sent as news, not as an error, and asks nothing more", () => {
    deletePage({ intent: "delete", outcome: "mail-sent", message: EN.profile.deleteMailSent }, false);
    const section = within(screen.getByRole("region", { name: EN.page.deleteHeading }));
    expect(section.getByRole("status").textContent).toContain(EN.profile.deleteMailSent);
    expect(section.queryByRole("alert")).toBeNull();
    expect(section.queryByRole("button", { name: EN.deletion.submit })).toBeNull();
  });

  it("says a refusal beside the fields, which stay for another try", () => {
    deletePage({ intent: "delete", outcome: "failed", message: "That password is not right." }, true);
    const section = within(screen.getByRole("region", { name: EN.page.deleteHeading }));
    expect(section.getByRole("alert").textContent).toBe("That password is not right.");
    expect(section.getByRole("button", { name: EN.deletion.submit })).toBeTruthy();
    // The section is below the fold: its first field takes the focus as the page loads (no #fragment).
    expect(document.activeElement).toBe(section.getByRole("textbox"));
  });
});
