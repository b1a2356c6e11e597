// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub, useNavigate } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { messagesFor } from "~/shared/i18n/messages.server";
import type { SecurityActionData } from "./security-state";
import { SecurityView } from "./security-view";

afterEach(cleanup);

const EN = messagesFor("en").account;
const CHANGED = EN.security.messages.passwordChanged;

/** The security page as the route renders it, with a way to arrive on it again (a redirect after a change). */
function page(props: { notice?: string; answer?: SecurityActionData }) {
  const Page = () => {
    const navigate = useNavigate();
    return (
      <>
        <button type="button" onClick={() => void navigate("/profile/security?changed=password")}>
          arrive again
        </button>
        <SecurityView
          email="asha@example.com"
          hasPassword
          minPasswordLength={8}
          devices={[]}
          freshForS={600}
          twoFactor={{ enabled: false, pendingSetup: null, backupCodesLeft: 0, trustedBrowsers: [] }}
          passkeys={[]}
          methods={[]}
          notice={props.notice}
          answer={props.answer}
        />
      </>
    );
  };
  const Stub = createRoutesStub([{ path: "/profile/security", Component: Page }]);
  return render(<Stub initialEntries={["/profile/security?changed=password"]} />);
}

describe("SecurityView's password form", () => {
  it("after a change, a new arrival draws the form afresh: the passwords just typed do not stay", async () => {
    page({ notice: CHANGED });
    const current = () => screen.getByLabelText(EN.security.password.current, { selector: "input" }) as HTMLInputElement;
    fireEvent.change(current(), { target: { value: "the-old-password" } });
    expect(current().value).toBe("the-old-password");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "arrive again" })));
    expect(current().value).toBe("");
  });

  it("a new attempt's answer replaces the last change's notice", () => {
    page({ notice: CHANGED, answer: { intent: "change-password", ok: false, message: "Your current password is not correct.", field: "currentPassword" } });
    expect(screen.queryByText(CHANGED)).toBeNull();
  });

  it("says the change once it arrived", () => {
    page({ notice: CHANGED });
    expect(screen.getByText(CHANGED)).toBeTruthy();
  });
});
