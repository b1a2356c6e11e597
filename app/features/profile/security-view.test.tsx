// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useSyncExternalStore } from "react";
import { createRoutesStub, useNavigate } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { messagesFor } from "~/shared/i18n/messages.server";
import type { SecurityActionData } from "./security-state";
import { SecurityView } from "./security-view";

afterEach(cleanup);

const EN = messagesFor("en").account;
const CHANGED = EN.security.messages.passwordChanged;

/** What the route hands the page now (the loader's notice, the action's answer); a change re-renders it. */
let shown: { notice?: string; answer?: SecurityActionData } = {};
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => (listeners.add(listener), () => listeners.delete(listener));

/** The security page as the route renders it, with a way to arrive on it again (a redirect after a change). */
function Page() {
  const navigate = useNavigate();
  useSyncExternalStore(subscribe, () => shown);
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
        notice={shown.notice}
        answer={shown.answer}
      />
    </>
  );
}
const Stub = createRoutesStub([{ path: "/profile/security", Component: Page }]);
const stub = <Stub initialEntries={["/profile/security?changed=password"]} />;

function page(props: typeof shown) {
  shown = props;
  render(stub);
  return {
    rerender: (next: typeof shown) =>
      act(() => {
        shown = next;
        for (const listener of listeners) listener();
      }),
  };
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

  it("a refused attempt after a change keeps what was typed", async () => {
    const refused: SecurityActionData = { intent: "change-password", ok: false, message: "Your current password is not correct.", field: "currentPassword" };
    const { rerender } = page({ notice: CHANGED });
    const repeat = () => screen.getByLabelText(EN.security.password.repeat, { selector: "input" }) as HTMLInputElement;
    fireEvent.change(repeat(), { target: { value: "typed-again" } });
    await rerender({ notice: CHANGED, answer: refused });
    expect(repeat().value).toBe("typed-again");
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

describe("SecurityView's focus after an answer", () => {
  it("goes to the heading of the section an answer changed when nothing in error or at the top says it", async () => {
    const { rerender } = page({});
    await rerender({ answer: { intent: "two-factor-enable", ok: true, message: EN.security.messages.twoFactorStarted, backupCodes: ["abcd-efgh-jkmn"] } });
    expect(document.activeElement?.id).toBe("two-factor-heading");
    await rerender({ answer: { intent: "disconnect", ok: false, message: EN.security.messages.lastMethod } });
    expect(document.activeElement?.id).toBe("connected-heading");
  });
});
