import { data, redirect } from "react-router";
import { currentCaller, deleteOwnAccount, PROFILE_MESSAGES, updateOwnProfile } from "~/features/profile/profile-service.server";
import { type ProfileActionData, ProfileView } from "~/features/profile/profile-view";
import { getUserRecord } from "~/features/profile/user-record.server";
import { clientIp, requestInfoContext } from "~/infra/request-context";
import { services } from "~/services.server";
import { pageMeta } from "~/shared/lib/seo";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Your profile", path: "/profile", description: "Your Tuesday AI profile, stats and account settings." }),
  { name: "robots", content: "noindex" },
];

/** Only a signed-in user with a stored record may be here (spec section 6). */
export async function loader({ request }: Route.LoaderArgs) {
  const s = await services();
  const caller = await currentCaller(s, request);
  if (!caller) throw redirect("/auth");
  const record = await getUserRecord(s.database.db, caller.id);
  if (!record) throw redirect("/auth");
  const ctx = await s.auth.$context;
  const credential = await ctx.internalAdapter.findCredentialAccount(caller.id);
  const linkError = new URL(request.url).searchParams.get("error") === "DELETE_LINK";
  return { record, hasPassword: Boolean(credential?.password), linkError };
}

export async function action({ request, context }: Route.ActionArgs) {
  const s = await services();
  const caller = await currentCaller(s, request);
  if (!caller) throw redirect("/auth");
  const form = Object.fromEntries(await request.formData());

  if (form.intent === "save") {
    const outcome = await updateOwnProfile(s, caller, form);
    const answer: ProfileActionData = outcome.ok
      ? { intent: "save", ok: true, record: outcome.record }
      : { intent: "save", ok: false, message: outcome.message, errors: outcome.fieldErrors };
    return data(answer, { status: outcome.ok ? 200 : 400 });
  }

  if (form.intent === "delete") {
    const ip = clientIp(request, context.get(requestInfoContext), s.env.trustProxyHops);
    const outcome = await deleteOwnAccount(s, request, caller, form, ip);
    const headers = new Headers();
    let message: string = PROFILE_MESSAGES.deleteFailed;
    if (outcome.kind === "deleted") {
      for (const cookie of outcome.clearCookies) headers.append("Set-Cookie", cookie);
      message = PROFILE_MESSAGES.deleted;
    } else if (outcome.kind === "mail-sent") message = PROFILE_MESSAGES.deleteMailSent;
    else if (outcome.kind === "name-mismatch") message = PROFILE_MESSAGES.nameMismatch;
    else if (outcome.kind === "rate-limited") message = ((await outcome.response.json()) as { message: string }).message;
    const answer: ProfileActionData = { intent: "delete", outcome: outcome.kind, message };
    return data(answer, { headers });
  }

  return data({ intent: "save", ok: false, message: "Unknown action.", errors: {} } satisfies ProfileActionData, { status: 400 });
}

export default function ProfilePage({ loaderData }: Route.ComponentProps) {
  return <ProfileView record={loaderData.record} hasPassword={loaderData.hasPassword} linkError={loaderData.linkError} />;
}
