import { parseCookies } from "better-auth/cookies";
import { endOfRoundTrip, hasPassword } from "~/features/auth/index.server";
import { data, redirect, redirectDocument } from "react-router";
import { changePassword, requestSetPassword, signedInDevices, signOutDevice, signOutOthers } from "~/features/profile/security.server";
import {
  confirmTwoFactor,
  connectAccount,
  connectionNotice,
  deletePasskey,
  disableTwoFactor,
  disconnectAccount,
  enableTwoFactor,
  forgetBrowser,
  newBackupCodes,
  reauthenticate,
  renamePasskey,
  signInSecurityState,
} from "~/features/profile/sign-in-security.server";
import type { SecurityActionData } from "~/features/profile/security-state";
import { SecurityView } from "~/features/profile/security-view";
import { readRequestBody, textField } from "~/infra/http/body.server";
import { appContext, requireViewer } from "~/request-context.server";
import { account } from "~/shared/i18n/catalog/account";
import { localeOfRequest, localizedPath } from "~/shared/i18n/locale";
import { messagesFromMatches } from "~/shared/i18n/messages";
import { messagesFor, pageMessages } from "~/shared/i18n/messages.server";
import { pageMeta } from "~/shared/lib/seo";
import { carryRetryAfter } from "~/shared/lib/route-headers";
import type { Route } from "./+types/profile.security";
import type { PageHandle } from "~/shared/lib/page-handle";

/** Runs React Router in the browser: passkeys (WebAuthn needs a script) and the security forms answering in place (ADR 0035). */
export const handle: PageHandle = { hydrate: true };

/** A refused post's Retry-After reaches the browser (shared/lib/route-headers.ts). */
export const headers = carryRetryAfter;

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = messagesFromMatches(matches, "account", account);
  return [
    ...pageMeta(matches, { title: t.meta.securityTitle, path: "/profile/security", description: t.meta.securityDescription }),
    { name: "robots", content: "noindex" },
  ];
};

/** This browser's "trust this device" cookie (Better Auth's, whatever its prefix), to mark it in the list. */
function trustCookieOf(request: Request): string | undefined {
  for (const [name, value] of parseCookies(request.headers.get("cookie") ?? "")) if (name.endsWith(".trust_device")) return value;
  return undefined;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = localeOfRequest(request);
  const said = messagesFor(locale).account.security.messages;
  const viewer = await requireViewer(context);
  const app = appContext(context);
  const s = await app.services();
  // The session this request was read with (requireViewer's), not a second read through Better Auth.
  const current = await app.session();
  if (!current) throw redirectDocument(localizedPath(`/auth?redirectTo=${encodeURIComponent(localizedPath("/profile/security", locale))}`, locale));
  const [devices, passwordSet, signIn] = await Promise.all([
    signedInDevices(s, { id: viewer.id, sessionId: current.session.id }, locale),
    hasPassword(s.database.db, viewer.id),
    signInSecurityState(s, viewer, current.session, locale, trustCookieOf(request)),
  ]);
  // After a redirect (a changed password, a provider's round trip): say what happened.
  const query = new URL(request.url).searchParams;
  const connection = connectionNotice(query, locale);
  const notice =
    query.get("changed") === "password"
      ? said.passwordChanged
      : query.get("changed") === "two-factor-off"
        ? said.twoFactorOff
        : query.get("changed") === "two-factor-on"
          ? said.twoFactorOn
          : connection?.ok
            ? connection.message
            : undefined;
  // Signed in with a password the policy now refuses (common, or published by a breach): ask for a new one.
  const warning = query.get("password") === "weak" && passwordSet ? said.weakPassword : connection && !connection.ok ? connection.message : undefined;
  return data(
    {
      email: viewer.email,
      hasPassword: passwordSet,
      minPasswordLength: s.env.minPasswordLength,
      devices,
      notice,
      warning,
      ...signIn,
      // The page's words on /hi/profile/security (null in English): its own, and the auth area's password and code errors.
      i18n: pageMessages(locale, "account", "auth"),
    },
    // A connection's round trip ends here (features/auth/provider-return.server.ts).
    { headers: connection ? endOfRoundTrip(request) : undefined },
  );
}

/** Every change on the page, as plain form posts; answers are data (shown by the page, in its language), never thrown. */
export async function action({ request, context }: Route.ActionArgs) {
  const locale = localeOfRequest(request);
  const said = messagesFor(locale).account;
  const viewer = await requireViewer(context);
  const app = appContext(context);
  const s = await app.services();
  const body = await readRequestBody(request, { accept: ["urlencoded", "multipart"] });
  if (!body.ok) {
    // The reader's own words are English; a Hindi page says the same in Hindi.
    const message = locale === "en" ? body.message : said.page.unreadable;
    return data<SecurityActionData>({ intent: "change-password", ok: false, message }, { status: body.status });
  }
  const headers = app.authHeaders();
  const fields = body.fields;

  const handlers = {
    "change-password": () => changePassword(s, headers, fields, locale),
    "set-password": () => requestSetPassword(s, headers, viewer, locale),
    "sign-out-device": async () => {
      const current = await app.session();
      return signOutDevice(s, headers, { id: viewer.id, sessionId: current?.session.id ?? "" }, textField(fields, "sessionId") ?? "", locale);
    },
    "sign-out-others": () => signOutOthers(s, headers, locale),
    reauthenticate: () => reauthenticate(s, headers, fields, locale),
    "two-factor-enable": () => enableTwoFactor(s, headers, fields, locale),
    "two-factor-confirm": () => confirmTwoFactor(s, headers, fields, locale),
    "two-factor-disable": () => disableTwoFactor(s, headers, fields, locale),
    "two-factor-backup-codes": () => newBackupCodes(s, headers, fields, locale),
    "passkey-rename": () => renamePasskey(s, headers, fields, locale),
    "passkey-delete": () => deletePasskey(s, headers, fields, locale),
    connect: () => connectAccount(s, headers, fields, locale),
    disconnect: () => disconnectAccount(s, headers, fields, viewer, locale),
    "forget-browser": () => forgetBrowser(s, fields, viewer, locale),
  } as const;
  const intent = textField(fields, "intent") ?? "";
  // Own keys only: "constructor" or "toString" would find Object's and crash (a 500).
  const handler = Object.hasOwn(handlers, intent)
    ? (handlers as Record<string, () => ReturnType<(typeof handlers)[keyof typeof handlers]>>)[intent]
    : undefined;
  if (!handler) return data<SecurityActionData>({ intent: "change-password", ok: false, message: said.security.messages.failed }, { status: 400 });
  const result = await handler();

  const responseHeaders = new Headers();
  for (const cookie of result.cookies ?? []) responseHeaders.append("Set-Cookie", cookie);
  // To the provider's consent page (connecting Google or GitHub); its callback comes back here.
  if ("redirectTo" in result && result.redirectTo) throw redirect(result.redirectTo, { headers: responseHeaders });
  // A changed password ended every session, this one included; turning two-factor on or off gives this
  // browser a new session too. Its cookie arrives in the Set-Cookie above, so the page is loaded
  // again with it (post, redirect, get) rather than now, with the cookie that just ended.
  const page = localizedPath("/profile/security", locale);
  if (result.data.intent === "change-password" && result.data.ok) throw redirect(`${page}?changed=password`, { headers: responseHeaders });
  if (result.data.intent === "two-factor-disable" && result.data.ok) throw redirect(`${page}?changed=two-factor-off`, { headers: responseHeaders });
  if (result.data.intent === "two-factor-confirm" && result.data.ok) throw redirect(`${page}?changed=two-factor-on`, { headers: responseHeaders });
  return data(result.data, { status: result.status, headers: responseHeaders });
}

export default function SecurityPage({ loaderData, actionData }: Route.ComponentProps) {
  return <SecurityView {...loaderData} answer={actionData} />;
}
