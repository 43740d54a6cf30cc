// The mailbox an email address delivers to, as a key for limits that protect a recipient (decision
// 050): `victim@`, `Victim+1@` and, at Gmail, `v.i.c.t.i.m@` all reach one inbox, so they must
// count as one. The rules, and where they come from:
// - the domain is case-insensitive (RFC 5321 §2.4), and so, at every provider people use, is the
//   local part: both are lower-cased;
// - a `+tag` (subaddress, RFC 5233) is delivered to the address without it by Gmail, Outlook.com,
//   iCloud, Fastmail, Proton and most servers: it is removed everywhere. A server that treats `+` as
//   a plain character only makes us count two of its people as one, which errs towards sending less;
// - dots in the local part are ignored by Gmail only ("Gmail doesn't recognize dots as characters
//   within usernames… they'll all go to your inbox": Google's Gmail Help, support.google.com/mail,
//   answer 10313), and `googlemail.com` is the same service under another name. Google Workspace
//   and every other provider treat dots as characters: they stay.
// No library does this as a small, documented rule (validator.js's normalizeEmail also rewrites
// other providers' dots and changes with its releases); the provider list is data, below.
//
// The embedded store's migration 10 rewrites stored keys with the same rule in SQL
// (`mailboxKeySql`), and Supabase's `public.mailbox_key()` is the same rule in PL/pgSQL; the tests
// compare all three on the same addresses.

/** Providers whose mailboxes ignore dots in the local part, and the domain each is the same as. */
export const DOTLESS_PROVIDERS: Readonly<Record<string, string>> = {
  'gmail.com': 'gmail.com',
  'googlemail.com': 'gmail.com',
};

/** The mailbox key of an address: lower-cased, `+tag` removed, dots removed where the provider ignores them. */
export function mailboxKey(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 0) return lower;
  const domain = lower.slice(at + 1);
  let local = lower.slice(0, at);
  const plus = local.indexOf('+');
  if (plus >= 0) local = local.slice(0, plus);
  const provider = DOTLESS_PROVIDERS[domain];
  if (provider === undefined) return `${local}@${domain}`;
  return `${local.replaceAll('.', '')}@${provider}`;
}

/**
 * The same rule as a SQLite expression over a column that holds one address with one `@` (the forms
 * accept no other): for migrations that rewrite keys stored before the rule existed. SQLite's lower()
 * folds ASCII letters only: a stored address with capital letters beyond ASCII keeps them, and is
 * counted apart from its other spellings until it ages out of the day.
 */
export function mailboxKeySql(column: string): string {
  const lower = `lower(trim(${column}))`;
  const local = `substr(${lower}, 1, instr(${lower}, '@') - 1)`;
  const domain = `substr(${lower}, instr(${lower}, '@') + 1)`;
  const untagged = `(CASE WHEN instr(${local}, '+') > 0 THEN substr(${local}, 1, instr(${local}, '+') - 1) ELSE ${local} END)`;
  const dotless = Object.keys(DOTLESS_PROVIDERS)
    .map((domain) => `'${domain}'`)
    .join(', ');
  const providers = Object.entries(DOTLESS_PROVIDERS)
    .map(([from, to]) => `WHEN '${from}' THEN '${to}'`)
    .join(' ');
  return `(CASE WHEN instr(${lower}, '@') = 0 THEN ${lower}
    WHEN ${domain} IN (${dotless}) THEN replace(${untagged}, '.', '') || '@' || (CASE ${domain} ${providers} END)
    ELSE ${untagged} || '@' || ${domain} END)`;
}
