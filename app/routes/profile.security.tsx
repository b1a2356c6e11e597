import { data, redirect } from "react-router";
import { site } from "~/config/site";
import { changePassword, requestSetPassword, SECURITY_MESSAGES, signedInDevices, signOutDevice, signOutOthers } from "~/features/profile/security.server";
import type { SecurityActionData } from "~/features/profile/security-state";
import { SecurityView } from "~/features/profile/security-view";
import { readRequestBody, textField } from "~/infra/http/body.server";
import { appContext, requireViewer } from "~/request-context.server";
import { pageMeta } from "~/shared/lib/seo";
import type { Route } from "./+types/profile.security";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Account security", path: "/profile/security", description: `Your ${site.productName} password and signed-in devices.` }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(context);
  const app = appContext(context);
  const s = await app.services();
  const ctx = await s.auth.$context;
  const [devices, credential] = await Promise.all([signedInDevices(s, app.authHeaders()), ctx.internalAdapter.findCredentialAccount(viewer.id)]);
  // After a password change (redirected here with this browser's fresh session): say so.
  const query = new URL(request.url).searchParams;
  const notice = query.get("changed") === "password" ? SECURITY_MESSAGES.passwordChanged : undefined;
  // Signed in with a password the policy now refuses (common, or published by a breach): ask for a new one.
  const warning = query.get("password") === "weak" && credential?.password ? SECURITY_MESSAGES.weakPassword : undefined;
  return { email: viewer.email, hasPassword: Boolean(credential?.password), minPasswordLength: s.env.minPasswordLength, devices, notice, warning };
}

/** Every change on the page, as plain form posts; answers are data (shown by the page), never thrown. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer(context);
  const app = appContext(context);
  const s = await app.services();
  const body = await readRequestBody(request, { accept: ["urlencoded", "multipart"] });
  if (!body.ok) return data<SecurityActionData>({ intent: "change-password", ok: false, message: body.message }, { status: body.status });
  const headers = app.authHeaders();
  const intent = textField(body.fields, "intent");

  const result =
    intent === "change-password"
      ? await changePassword(s, headers, body.fields)
      : intent === "set-password"
        ? await requestSetPassword(s, headers, viewer)
        : intent === "sign-out-device"
          ? await signOutDevice(s, headers, textField(body.fields, "sessionId") ?? "")
          : intent === "sign-out-others"
            ? await signOutOthers(s, headers)
            : undefined;
  if (!result) return data<SecurityActionData>({ intent: "change-password", ok: false, message: SECURITY_MESSAGES.failed }, { status: 400 });

  const responseHeaders = new Headers();
  for (const cookie of result.cookies ?? []) responseHeaders.append("Set-Cookie", cookie);
  // A changed password ended every session, this one included: this browser's new one arrives in
  // the Set-Cookie above, so the page is loaded again with it (post, redirect, get) rather than
  // now, with the cookie that just ended.
  if (result.data.intent === "change-password" && result.data.ok) throw redirect("/profile/security?changed=password", { headers: responseHeaders });
  return data(result.data, { status: result.status, headers: responseHeaders });
}

export default function SecurityPage({ loaderData, actionData }: Route.ComponentProps) {
  return <SecurityView {...loaderData} answer={actionData} />;
}
