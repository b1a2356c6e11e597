import { data, redirect } from "react-router";
import { site } from "~/config/site";
import { changePassword, requestSetPassword, SECURITY_MESSAGES, signedInDevices, signOutDevice, signOutOthers } from "~/features/profile/security.server";
import {
  confirmTwoFactor,
  connectAccount,
  connectionNotice,
  deletePasskey,
  disableTwoFactor,
  disconnectAccount,
  enableTwoFactor,
  newBackupCodes,
  reauthenticate,
  renamePasskey,
  signInSecurityState,
} from "~/features/profile/sign-in-security.server";
import type { SecurityActionData } from "~/features/profile/security-state";
import { SecurityView } from "~/features/profile/security-view";
import { readRequestBody, textField } from "~/infra/http/body.server";
import { appContext, requireViewer } from "~/request-context.server";
import { pageMeta } from "~/shared/lib/seo";
import type { Route } from "./+types/profile.security";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: "Account security",
    path: "/profile/security",
    description: `Your ${site.productName} password, two-factor authentication, passkeys, connected accounts and signed-in devices.`,
  }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(context);
  const app = appContext(context);
  const s = await app.services();
  const ctx = await s.auth.$context;
  const headers = app.authHeaders();
  const [devices, credential, current] = await Promise.all([
    signedInDevices(s, headers),
    ctx.internalAdapter.findCredentialAccount(viewer.id),
    s.auth.api.getSession({ headers }),
  ]);
  if (!current) throw redirect("/auth?redirectTo=/profile/security");
  const signIn = await signInSecurityState(s, viewer, current.session as { createdAt: Date | string; reauthenticatedAt?: Date | string | null });
  // After a redirect (a changed password, a provider's round trip): say what happened.
  const query = new URL(request.url).searchParams;
  const connection = connectionNotice(query);
  const notice =
    query.get("changed") === "password"
      ? SECURITY_MESSAGES.passwordChanged
      : query.get("changed") === "two-factor-off"
        ? SECURITY_MESSAGES.twoFactorOff
        : query.get("changed") === "two-factor-on"
          ? SECURITY_MESSAGES.twoFactorOn
        : connection?.ok
          ? connection.message
          : undefined;
  // Signed in with a password the policy now refuses (common, or published by a breach): ask for a new one.
  const warning = query.get("password") === "weak" && credential?.password ? SECURITY_MESSAGES.weakPassword : connection && !connection.ok ? connection.message : undefined;
  return {
    email: viewer.email,
    hasPassword: Boolean(credential?.password),
    minPasswordLength: s.env.minPasswordLength,
    devices,
    notice,
    warning,
    ...signIn,
  };
}

/** Every change on the page, as plain form posts; answers are data (shown by the page), never thrown. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer(context);
  const app = appContext(context);
  const s = await app.services();
  const body = await readRequestBody(request, { accept: ["urlencoded", "multipart"] });
  if (!body.ok) return data<SecurityActionData>({ intent: "change-password", ok: false, message: body.message }, { status: body.status });
  const headers = app.authHeaders();
  const fields = body.fields;

  const handlers = {
    "change-password": () => changePassword(s, headers, fields),
    "set-password": () => requestSetPassword(s, headers, viewer),
    "sign-out-device": () => signOutDevice(s, headers, textField(fields, "sessionId") ?? ""),
    "sign-out-others": () => signOutOthers(s, headers),
    reauthenticate: () => reauthenticate(s, headers, fields),
    "two-factor-enable": () => enableTwoFactor(s, headers, fields),
    "two-factor-confirm": () => confirmTwoFactor(s, headers, fields),
    "two-factor-disable": () => disableTwoFactor(s, headers, fields),
    "two-factor-backup-codes": () => newBackupCodes(s, headers, fields),
    "passkey-rename": () => renamePasskey(s, headers, fields),
    "passkey-delete": () => deletePasskey(s, headers, fields),
    connect: () => connectAccount(s, headers, fields),
    disconnect: () => disconnectAccount(s, headers, fields, viewer),
  } as const;
  const intent = textField(fields, "intent") ?? "";
  const handler = (handlers as Record<string, (() => ReturnType<(typeof handlers)[keyof typeof handlers]>) | undefined>)[intent];
  if (!handler) return data<SecurityActionData>({ intent: "change-password", ok: false, message: SECURITY_MESSAGES.failed }, { status: 400 });
  const result = await handler();

  const responseHeaders = new Headers();
  for (const cookie of result.cookies ?? []) responseHeaders.append("Set-Cookie", cookie);
  // To the provider's consent page (connecting Google or GitHub); its callback comes back here.
  if ("redirectTo" in result && result.redirectTo) throw redirect(result.redirectTo, { headers: responseHeaders });
  // A changed password ended every session, this one included; turning two-factor on or off gives this
  // browser a new session too. Its cookie arrives in the Set-Cookie above, so the page is loaded
  // again with it (post, redirect, get) rather than now, with the cookie that just ended.
  if (result.data.intent === "change-password" && result.data.ok) throw redirect("/profile/security?changed=password", { headers: responseHeaders });
  if (result.data.intent === "two-factor-disable" && result.data.ok) throw redirect("/profile/security?changed=two-factor-off", { headers: responseHeaders });
  if (result.data.intent === "two-factor-confirm" && result.data.ok) throw redirect("/profile/security?changed=two-factor-on", { headers: responseHeaders });
  return data(result.data, { status: result.status, headers: responseHeaders });
}

export default function SecurityPage({ loaderData, actionData }: Route.ComponentProps) {
  return <SecurityView {...loaderData} answer={actionData} />;
}
