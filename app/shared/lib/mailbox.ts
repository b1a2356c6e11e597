/**
 * One mailbox, however its address is written, for every per-recipient
 * limit (issue 38, finding 10): lower case, without a `+tag`, and for Gmail
 * without dots (`A.sha+x@googlemail.com` is `asha@gmail.com`). Counting the
 * exact address let `+tags` reach one inbox without limit.
 */
export function mailboxKey(email: string): string {
  const address = email.trim();
  const at = address.lastIndexOf("@");
  if (at < 1) return address.toLowerCase();
  let local = address.slice(0, at).toLowerCase();
  let domain = address.slice(at + 1).toLowerCase();
  local = local.replace(/\+.*$/, "");
  if (domain === "googlemail.com") domain = "gmail.com";
  if (domain === "gmail.com") local = local.replace(/\./g, "");
  return `${local}@${domain}`;
}
