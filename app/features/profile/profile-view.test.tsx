// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
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
function deletePageElement(initial: ProfileActionData, hasPassword: boolean) {
  const Page = createRoutesStub([
    {
      path: "/profile",
      Component: () => <ProfileView record={RECORD} hasPassword={hasPassword} linkError={false} startEditing={false} startDeleting initial={initial} />,
    },
  ]);
  return <Page initialEntries={["/profile?delete=1"]} />;
}
const deletePage = (initial: ProfileActionData, hasPassword: boolean) => render(deletePageElement(initial, hasPassword));

/** The element the served page gives the browser's autofocus (the section sits below the fold). */
function servedAutofocus(initial: ProfileActionData, hasPassword: boolean): Element {
  const page = document.createElement("div");
  page.innerHTML = renderToString(deletePageElement(initial, hasPassword));
  const focused = page.querySelectorAll("[autofocus]");
  expect(focused).toHaveLength(1);
  return focused[0]!;
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
    // Rendered by React in the browser (the section back after the dialog closed), it leaves the focus alone:
    // the browser's autofocus is for the page as served (the test below).
    expect(document.activeElement).toBe(document.body);
  });

  it("as served, brings the section's answer or first field into view with the browser's autofocus", () => {
    expect(servedAutofocus({ intent: "delete", outcome: "mail-sent", message: EN.profile.deleteMailSent }, false).textContent).toContain(
      EN.profile.deleteMailSent,
    );
    expect(servedAutofocus({ intent: "delete", outcome: "failed", message: "That password is not right." }, true).getAttribute("name")).toBe("name");
  });
});

/** /profile?edit=1 as served (an Edit pressed before the scripts, or a refused plain save). */
function servedEditAutofocus(initial?: ProfileActionData): Element[] {
  const Page = createRoutesStub([
    {
      path: "/profile",
      Component: () => <ProfileView record={RECORD} hasPassword linkError={false} startEditing startDeleting={false} initial={initial} />,
    },
  ]);
  const page = document.createElement("div");
  page.innerHTML = renderToString(<Page initialEntries={["/profile?edit=1"]} />);
  return [...page.querySelectorAll("[autofocus]")];
}

describe("ProfileView's edit form, as served", () => {
  it("brings Name into view with the browser's autofocus: the form sits far below the Edit button", () => {
    expect(servedEditAutofocus().map((e) => e.getAttribute("name"))).toEqual(["name"]);
  });

  it("after a refused plain save, the first refused field instead", () => {
    const refused: ProfileActionData = {
      intent: "save",
      ok: false,
      message: "Please fix the fields.",
      errors: { about: "About must be at most 2000 characters." },
    };
    expect(servedEditAutofocus(refused).map((e) => e.getAttribute("name"))).toEqual(["about"]);
  });
});

describe("ProfileView's edit mode, once the scripts run", () => {
  it("Cancel leaves view mode and the address that would reopen the form", async () => {
    window.history.replaceState(null, "", "/profile?edit=1");
    const Page = createRoutesStub([
      {
        path: "/profile",
        Component: () => <ProfileView record={RECORD} hasPassword linkError={false} startEditing startDeleting={false} initial={undefined} />,
      },
    ]);
    render(<Page initialEntries={["/profile?edit=1"]} />);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: EN.details.cancel })));
    expect(screen.queryByLabelText(EN.details.name, { selector: "input" })).toBeNull();
    expect(window.location.search).toBe("");
  });
});
