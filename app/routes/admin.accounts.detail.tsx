import { isAPIError } from "better-auth/api";
import { data, redirect } from "react-router";
import { site } from "~/config/site";
import { deleteAccount, endAllSessions } from "~/features/auth/index.server";
import { accountAction, accountDetail } from "~/features/admin/accounts.server";
import { AccountDetailView } from "~/features/admin/accounts-view";
import { readRequestBody, textField } from "~/infra/http/body.server";
import { appContext, requireOperator } from "~/request-context.server";
import { carryRetryAfter } from "~/shared/lib/route-headers";
import type { Route } from "./+types/admin.accounts.detail";

/** A refused post's Retry-After reaches the browser (shared/lib/route-headers.ts). */
export const headers = carryRetryAfter;

export const meta: Route.MetaFunction = () => [{ title: `Account | Operator console | ${site.productName}` }, { name: "robots", content: "noindex" }];

export async function loader({ params, context }: Route.LoaderArgs) {
  await requireOperator(context);
  const { database } = await appContext(context).services();
  const detail = await accountDetail(database.db, params.id);
  if (!detail) throw new Response(null, { status: 404, statusText: "Not Found" });
  return detail;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const operator = await requireOperator(context);
  const app = appContext(context);
  const s = await app.services();
  const body = await readRequestBody(request, { accept: ["urlencoded", "multipart"] });
  if (!body.ok) return data({ ok: false, message: body.message }, { status: body.status });
  const result = await accountAction(
    {
      db: s.database.db,
      operatorEmails: s.env.operatorEmails,
      // Better Auth's own endpoint: the same mail and link as "Forgot password?", under our limits.
      requestPasswordReset: async (email) => {
        try {
          await s.auth.api.requestPasswordReset({ body: { email, redirectTo: "/auth/reset-password" }, headers: app.authHeaders() });
        } catch (error) {
          if (isAPIError(error) && error.statusCode === 429) return { retryAfterS: Number(new Headers(error.headers).get("retry-after")) || 60 };
          throw error;
        }
      },
      // Through Better Auth's adapter (its hooks tell a token sync receiver); the cached sessions go
      // here and, with Redis, everywhere, whatever the adapter's hooks did.
      revokeSessions: (userId) => endAllSessions(s.auth, s.sessionCache, userId),
      // Server-side, so neither the disabled HTTP path nor the person's resend limits apply; the mail is ours (auth.server.ts).
      sendVerification: async (email) => {
        await s.auth.api.sendVerificationEmail({ body: { email, callbackURL: "/home" } });
      },
      // As the person's own deletion ends: Better Auth's adapter removes sessions and sign-in methods (its hook mails the notice).
      deleteUser: (userId) => deleteAccount(s.auth, userId),
    },
    operator,
    textField(body.fields, "intent"),
    params.id,
    textField(body.fields, "confirm"),
  );
  if (result.ok && result.deleted)
    throw redirect("/admin/accounts", { headers: { "Set-Cookie": app.flashHeader({ kind: "account-removed", name: result.deleted }) } });
  return data(
    { ok: result.ok, message: result.message },
    { status: result.ok ? 200 : result.status, headers: !result.ok && result.retryAfterS ? { "Retry-After": String(result.retryAfterS) } : undefined },
  );
}

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  return <AccountDetailView detail={loaderData} answer={actionData} />;
}
