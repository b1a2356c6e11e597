import { data, redirectDocument } from "react-router";
import { hasPassword } from "~/features/auth/index.server";
import { deleteOwnAccount, updateOwnProfile } from "~/features/profile/profile-service.server";
import type { ProfileActionData } from "~/features/profile/profile-state";
import { checkDeletion } from "~/features/profile/deletion-check";
import { typedValues } from "~/features/profile/profile-draft";
import { keepServerDraft, takeServerDraft } from "~/features/profile/server-draft.server";
import { env } from "~/config/env.server";
import { ProfileView } from "~/features/profile/profile-view";
import { getProfileRecord } from "~/features/profile/user-record.server";
import { tooManyAttempts } from "~/features/profile/rate-limit-words";
import { readRequestBody, textField } from "~/infra/http/body.server";
import { retryAfterHeaders } from "~/infra/http/responses";
import { appContext, getViewer, requireViewer } from "~/request-context.server";
import { account } from "~/shared/i18n/catalog/account";
import { localeOfRequest, localizedPath } from "~/shared/i18n/locale";
import { messagesFromMatches } from "~/shared/i18n/messages";
import { messagesFor, pageMessages } from "~/shared/i18n/messages.server";
import { pageMeta } from "~/shared/lib/seo";
import { carryRetryAfter } from "~/shared/lib/route-headers";
import type { Route } from "./+types/profile";
import type { PageHandle } from "~/shared/lib/page-handle";

/** Runs React Router in the browser: edit, save, time tracking and the delete dialog keep their state in the page (ADR 0035). */
export const handle: PageHandle = { hydrate: true };

/** A refused post's Retry-After reaches the browser (shared/lib/route-headers.ts). */
export const headers = carryRetryAfter;

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = messagesFromMatches(matches, "account", account);
  return [
    ...pageMeta(matches, { title: t.meta.profileTitle, path: "/profile", description: t.meta.profileDescription }),
    { name: "robots", content: "noindex" },
  ];
};

/** Only a signed-in user with a stored record may be here (spec section 6). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = localeOfRequest(request);
  const viewer = await requireViewer(context);
  const s = await appContext(context).services();
  const record = await getProfileRecord(s.database.db, viewer.id);
  if (!record) throw redirectDocument(localizedPath("/auth", locale));
  const passwordSet = await hasPassword(s.database.db, viewer.id);
  const params = new URL(request.url).searchParams;
  // What a save without JavaScript kept when it found the session ended (server-draft.server.ts): back into the form, once.
  const kept = await takeServerDraft(s.auth, request.headers.get("cookie"), viewer.id, secureCookies(), locale);
  return data(
    {
      record,
      hasPassword: passwordSet,
      linkError: params.get("error") === "DELETE_LINK",
      startEditing: params.get("edit") === "1" || Boolean(kept?.draft),
      startDeleting: params.get("delete") === "1",
      serverDraft: kept?.draft ?? null,
      // The page's words on /hi/profile (null in English), with the auth area's (shared with the account forms).
      i18n: pageMessages(locale, "account", "auth"),
    },
    kept ? { headers: { "Set-Cookie": kept.clearCookie } } : undefined,
  );
}

const secureCookies = () => env().appUrl.startsWith("https:");

/**
 * Save and delete, as plain form posts (no JavaScript) or through fetchers.
 * Errors come back as data (the page shows them), in the page's language; a
 * deletion redirects home (in the page's language too).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = appContext(context);
  const locale = localeOfRequest(request);
  const t = messagesFor(locale).account;
  const body = await readRequestBody(request, { accept: ["urlencoded", "multipart"] });
  if (!body.ok) {
    await requireViewer(context);
    // The reader's own words are English; a Hindi page says the same in Hindi.
    const message = locale === "en" ? body.message : t.page.unreadable;
    return data<ProfileActionData>({ intent: "save", ok: false, message, errors: {} }, { status: body.status });
  }
  const intent = textField(body.fields, "intent");
  // A save whose session ended (signed out in another tab, expired) must not lose what was typed: the
  // page's script keeps a draft and says why (401); without scripts, the sign-in page says why.
  if (intent === "save" && !(await getViewer(context))) {
    if (textField(body.fields, "client") === "script") {
      return data<ProfileActionData>({ intent: "save", ok: false, sessionEnded: true, message: t.profile.sessionEnded, errors: {} }, { status: 401 });
    }
    // Without scripts the server keeps what was typed until the person is back (server-draft.server.ts).
    const headers = new Headers({ "Set-Cookie": app.flashHeader({ kind: "session-ended" }) });
    const draftCookie = await keepServerDraft((await app.services()).auth, body.fields, secureCookies(), locale);
    if (draftCookie) headers.append("Set-Cookie", draftCookie);
    const back = localizedPath("/profile?edit=1", locale);
    throw redirectDocument(localizedPath(`/auth?redirectTo=${encodeURIComponent(back)}`, locale), { headers });
  }
  const viewer = await requireViewer(context);
  const s = await app.services();

  if (intent === "save") {
    const version = textField(body.fields, "version");
    const outcome = await updateOwnProfile(s, viewer, body.fields, { expectedVersion: version || undefined, withLanguage: true, dateParts: true, t });
    // A plain post (no scripts) that saved goes back to the profile in view mode with a redirect: a reload
    // then reads the page rather than posting the form again (which an older version would refuse).
    if (outcome.ok && textField(body.fields, "client") !== "script") {
      throw redirectDocument(localizedPath("/profile", locale), { status: 303, headers: { "Set-Cookie": app.flashHeader({ kind: "profile-saved" }) } });
    }
    const answer: ProfileActionData = outcome.ok
      ? { intent: "save", ok: true, record: { ...outcome.record, language: outcome.language } }
      : {
          intent: "save",
          ok: false,
          message: outcome.message,
          errors: outcome.fieldErrors,
          ...(outcome.conflict ? { conflict: true as const } : {}),
          typed: { version: version ?? "", values: typedValues(body.fields) },
        };
    return data(answer, { status: outcome.ok ? 200 : outcome.conflict ? 409 : 400 });
  }

  if (intent === "delete") {
    const outcome = await deleteOwnAccount(s, app.authHeaders(), viewer, body.fields, app.clientIp(), locale);
    switch (outcome.kind) {
      case "deleted": {
        const headers = new Headers();
        for (const cookie of outcome.clearCookies) headers.append("Set-Cookie", cookie);
        headers.append("Set-Cookie", app.flashHeader({ kind: "account-deleted" }));
        // A document load: the home page runs its own script (it forgets the account's local data), not React Router.
        throw redirectDocument(localizedPath("/home?deleted=1", locale), { headers });
      }
      case "mail-sent":
        return data<ProfileActionData>({ intent: "delete", outcome: "mail-sent", message: t.profile.deleteMailSent });
      case "name-mismatch":
      case "password-required": {
        // Every field's error at once, in the dialog's own words (it runs the same check before posting).
        const fieldErrors = checkDeletion(body.fields, viewer.name, await hasPassword(s.database.db, viewer.id), t);
        const message = outcome.kind === "name-mismatch" ? t.profile.nameMismatch : t.profile.passwordRequired;
        return data<ProfileActionData>({ intent: "delete", outcome: outcome.kind, message, fieldErrors }, { status: 400 });
      }
      case "rate-limited":
        return data<ProfileActionData>(
          { intent: "delete", outcome: "rate-limited", message: tooManyAttempts(outcome.decision.retryAfterS, messagesFor(locale).auth) },
          { status: 429, headers: retryAfterHeaders(outcome.decision) },
        );
      case "failed":
        return data<ProfileActionData>({ intent: "delete", outcome: "failed", message: t.profile.deleteFailed }, { status: 403 });
    }
  }

  return data<ProfileActionData>({ intent: "save", ok: false, message: t.page.unknownAction, errors: {} }, { status: 400 });
}

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  return <ProfileView {...loaderData} initial={actionData} />;
}
