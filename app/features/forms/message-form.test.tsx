// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { forms as hi } from "~/shared/i18n/hi/forms";
import { submitThroughServer } from "./form-client";
import type { FormActionResult, FormKind } from "./form-schema";
import { FormPageBody } from "./form-page";
import { MessageForm, type MessageFormProps } from "./message-form";

afterEach(cleanup);

function renderForm(kind: FormKind, action: (form: FormData) => Promise<FormActionResult> | FormActionResult, props: Partial<MessageFormProps> = {}) {
  const Stub = createRoutesStub([
    {
      path: `/${kind}`,
      Component: () => <MessageForm kind={kind} {...props} />,
      action: async ({ request }) => action(await request.formData()),
    },
  ]);
  return render(<Stub initialEntries={[`/${kind}`]} />);
}

function fill(values: { name?: string; email?: string; message?: string }) {
  if (values.name !== undefined) fireEvent.change(screen.getByLabelText("Name"), { target: { value: values.name } });
  if (values.email !== undefined) fireEvent.change(screen.getByLabelText("Email"), { target: { value: values.email } });
  if (values.message !== undefined) fireEvent.change(screen.getByLabelText("Message"), { target: { value: values.message } });
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe("MessageForm", () => {
  it("has Name, Email and a 4-row Message, all required, and a honeypot nobody sees", () => {
    renderForm("feedback", () => ({ status: "sent" }));
    expect(screen.getByLabelText("Name").getAttribute("required")).not.toBeNull();
    expect(screen.getByLabelText("Email").getAttribute("type")).toBe("email");
    const message = screen.getByLabelText("Message");
    expect(message.tagName).toBe("TEXTAREA");
    expect(message.getAttribute("rows")).toBe("4");
    const trap = document.querySelector<HTMLInputElement>('input[name="subject_line"]')!;
    expect(trap.tabIndex).toBe(-1);
    expect(trap.closest("[aria-hidden=true]")).not.toBeNull();
    // Without JavaScript it is a plain multipart post to the page itself.
    const form = document.querySelector("form")!;
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe("/feedback");
    expect(form.getAttribute("enctype")).toBe("multipart/form-data");
  });

  it("feedback: shows 'Submitting...' while sending, then the spec's success text", async () => {
    const answer = deferred<FormActionResult>();
    let received: FormData | undefined;
    renderForm("feedback", (form) => {
      received = form;
      return answer.promise;
    });
    fill({ name: "Asha", email: "asha@example.com", message: "Lovely." });
    fireEvent.click(screen.getByRole("button", { name: "Submit Feedback" }));
    expect(await screen.findByRole("button", { name: "Submitting..." })).toHaveProperty("disabled", true);
    expect(received?.get("name")).toBe("Asha");
    expect(received?.get("subject_line")).toBe("");

    answer.resolve({ status: "sent" });
    const success = await screen.findByText("Thank You! Your feedback has been successfully submitted.");
    await waitFor(() => expect(document.activeElement).toBe(success.closest("[tabindex='-1']")));

    // Another round starts with an empty form.
    fireEvent.click(screen.getByRole("link", { name: "Share more feedback" }));
    expect(await screen.findByRole("button", { name: "Submit Feedback" })).toBeTruthy();
    expect((screen.getByLabelText("Message") as HTMLTextAreaElement).value).toBe("");
  });

  it("contact: shows 'Sending...' and its own success text", async () => {
    const answer = deferred<FormActionResult>();
    renderForm("contact", () => answer.promise);
    fill({ name: "Asha", email: "asha@example.com", message: "Hello" });
    fireEvent.click(screen.getByRole("button", { name: "Send Message" }));
    expect(await screen.findByRole("button", { name: "Sending..." })).toBeTruthy();
    answer.resolve({ status: "sent" });
    expect(await screen.findByText("Message Sent! Thank you for reaching out to us.")).toBeTruthy();
  });

  it("shows each server field error under its field and focuses the first", async () => {
    renderForm("contact", () => ({
      status: "invalid",
      values: {},
      errors: [
        { field: "email", code: "TYPE_EMAIL", message: "Email: must be a valid email address" },
        { field: "message", code: "REQUIRED_FIELD_EMPTY", message: "Message: this field is required" },
      ],
    }));
    fill({ name: "Asha", email: "asha@example.com", message: "x" });
    fireEvent.click(screen.getByRole("button", { name: "Send Message" }));
    const emailError = await screen.findByText("Email: must be a valid email address");
    const email = screen.getByLabelText("Email");
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(email.getAttribute("aria-describedby")).toBe(emailError.id);
    expect(screen.getByLabelText("Message").getAttribute("aria-describedby")).toBe(screen.getByText("Message: this field is required").id);
    expect(screen.getByLabelText("Name").getAttribute("aria-invalid")).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(screen.queryByText("Submission failed.")).toBeNull();
  });

  it("says 'Submission failed.' for any other failure, with the reason when there is one", async () => {
    renderForm("feedback", () => ({ status: "failed", detail: "Too many attempts. Please wait 10 minutes and try again." }));
    fill({ name: "Asha", email: "asha@example.com", message: "x" });
    fireEvent.click(screen.getByRole("button", { name: "Submit Feedback" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Submission failed.");
    expect(alert.textContent).toContain("Too many attempts.");
    // The text stays for another try.
    expect((screen.getByLabelText("Message") as HTMLTextAreaElement).value).toBe("x");
  });

  it("lets a failure be dismissed without a script (the contact and feedback pages run none)", () => {
    renderForm("contact", () => ({ status: "sent" }), { initial: { status: "failed", detail: "The message service is unavailable." } });
    const alert = screen.getByRole("alert");
    expect(alert.hasAttribute("data-dismissible")).toBe(true);
    // The ✕ is a checkbox that CSS hides the banner by, not a button that waits for React.
    expect(screen.getByRole("checkbox", { name: "Dismiss message" }).closest("[role=alert]")).toBe(alert);
    expect(screen.queryByRole("button", { name: "Dismiss message" })).toBeNull();
  });

  it("shows the answer of a plain post (no JavaScript) with the sent values back in place", () => {
    renderForm("feedback", () => ({ status: "sent" }), {
      initial: {
        status: "invalid",
        values: { name: "Asha", email: "asha@", message: "Hi" },
        errors: [{ field: "email", code: "TYPE_EMAIL", message: "Email: must be a valid email address" }],
      },
    });
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("Asha");
    expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe("asha@");
    expect(screen.getByText("Email: must be a valid email address")).toBeTruthy();
  });

  it("prefills a signed-in visitor's name and email", () => {
    renderForm("contact", () => ({ status: "sent" }), { defaults: { name: "Asha Rao", email: "asha@example.com" } });
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("Asha Rao");
    expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe("asha@example.com");
  });
});

describe("MessageForm on a Hindi page (/hi/contact)", () => {
  function renderHindi(action: (form: FormData) => FormActionResult) {
    const Stub = createRoutesStub([
      {
        path: "/hi/contact",
        // The page's loader sends the "forms" area in Hindi.
        loader: () => ({ i18n: { forms: hi } }),
        HydrateFallback: () => null,
        Component: () => <MessageForm kind="contact" />,
        action: async ({ request }) => action(await request.formData()),
      },
    ]);
    return render(<Stub initialEntries={["/hi/contact"]} />);
  }

  it("labels, checks and answers in Hindi, and posts to the Hindi page", async () => {
    let posted = false;
    renderHindi(() => {
      posted = true;
      return { status: "sent" };
    });
    const name = await screen.findByLabelText("नाम");
    expect(document.querySelector("form")!.getAttribute("action")).toBe("/hi/contact");
    expect(screen.getByText("निजता नीति").getAttribute("href")).toBe("/hi/privacy");
    // The shared check runs first, in the page's words.
    fireEvent.change(screen.getByLabelText("ईमेल"), { target: { value: "asha@" } });
    fireEvent.click(screen.getByRole("button", { name: "संदेश भेजें" }));
    expect(await screen.findByText("ईमेल: सही ईमेल पता लिखें")).toBeTruthy();
    expect(screen.getByText("नाम: यह फ़ील्ड भरना ज़रूरी है")).toBeTruthy();
    expect(posted).toBe(false);

    fireEvent.change(name, { target: { value: "आशा" } });
    fireEvent.change(screen.getByLabelText("ईमेल"), { target: { value: "asha@example.com" } });
    fireEvent.change(screen.getByLabelText("संदेश"), { target: { value: "नमस्ते" } });
    fireEvent.click(screen.getByRole("button", { name: "संदेश भेजें" }));
    expect(await screen.findByText(hi.contact.success)).toBeTruthy();
    expect(screen.getByRole("link", { name: hi.contact.sendAnother }).getAttribute("href")).toBe("/hi/contact");
  });
});

describe("the form pages' body in Hindi", () => {
  it.each(["feedback", "contact"] as const)("/hi/%s shows no English word but the product's name", async (kind) => {
    const Stub = createRoutesStub([
      { path: `/hi/${kind}`, loader: () => ({ i18n: { forms: hi } }), HydrateFallback: () => null, Component: () => <FormPageBody kind={kind} /> },
    ]);
    const { container } = render(<Stub initialEntries={[`/hi/${kind}`]} />);
    await screen.findByText(hi[kind].heading);
    const placeholders = [...container.querySelectorAll("[placeholder]")].map((el) => el.getAttribute("placeholder"));
    const text = [container.textContent, ...placeholders].join(" ").replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, " ");
    expect(text.match(/[A-Za-z][A-Za-z'’]*/g)?.filter((w) => !["Tuesday", "AI"].includes(w)) ?? []).toEqual([]);
    expect(container.querySelector('a[href="/hi/privacy"]')).not.toBeNull();
    if (kind === "feedback") expect(container.querySelector('a[href="/hi/community"]')).not.toBeNull();
  });
});

describe("submitThroughServer (the pages' clientAction)", () => {
  it("turns a network or server error into a failed submission", async () => {
    expect(await submitThroughServer(async () => ({ status: "sent" }))).toEqual({ status: "sent" });
    expect(
      await submitThroughServer(async () => {
        throw new TypeError("Failed to fetch");
      }),
    ).toEqual({ status: "failed" });
  });
});
