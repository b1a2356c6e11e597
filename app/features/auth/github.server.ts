import { site } from "~/config/site";

/**
 * Reads a GitHub user through GITHUB_API_URL (GitHub.com or Enterprise).
 * The spec: a new user takes the provider's name, or for GitHub the login
 * name when the display name is empty (read from /user/{id} if /user did not
 * include it). The email is the primary, verified one from /user/emails.
 */
interface GitHubUser {
  id: number;
  login?: string;
  name?: string | null;
  email?: string | null;
  avatar_url?: string;
}

interface GitHubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
}

async function get<T>(url: string, token: string): Promise<T | null> {
  const res = await fetch(url, {
    headers: {
      Authorization: `Bearer ${token}`,
      Accept: "application/vnd.github+json",
      "User-Agent": site.productName.replace(/[^A-Za-z0-9]+/g, "-"),
      "X-GitHub-Api-Version": "2022-11-28",
    },
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) return null;
  return (await res.json()) as T;
}

export async function githubUserInfo(apiUrl: string, accessToken: string) {
  const user = await get<GitHubUser>(`${apiUrl}/user`, accessToken);
  if (!user?.id) return null;

  let login = user.login;
  if (!user.name && !login) login = (await get<GitHubUser>(`${apiUrl}/user/${user.id}`, accessToken))?.login;

  const emails = (await get<GitHubEmail[]>(`${apiUrl}/user/emails`, accessToken)) ?? [];
  const primary = emails.find((e) => e.primary) ?? emails.find((e) => e.email === user.email);
  const email = primary?.email ?? user.email ?? undefined;
  if (!email) return null;

  return {
    id: String(user.id),
    name: user.name?.trim() || login || email.split("@")[0],
    email,
    emailVerified: primary?.verified ?? false,
    image: user.avatar_url,
  };
}
