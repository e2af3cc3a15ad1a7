/**
 * The mailbox an e-mail address delivers to, for counting (rate limits per address): lower-cased,
 * with a `+tag` sub-address dropped (`hanako+1@example.jp` and `HANAKO@example.jp` are one
 * mailbox), so a limit per address cannot be walked around by tagging it
 * (decision 052). Only for counting: mail still goes to the address as given.
 */
export function mailboxKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  const local = address.slice(0, at);
  const plus = local.indexOf('+');
  return `${plus > 0 ? local.slice(0, plus) : local}${address.slice(at)}`;
}
