import { describe, expect, it } from 'vitest';
import { mailboxKey } from '../../src/server/mailbox.ts';

// The mailbox key (decision 050): what Gmail's help says of dots, RFC 5233 of `+tag`s, and that no
// other provider's dots are touched. The same rule in SQLite and Postgres is compared with this one in
// tests/integration/mailbox-key-sqlite-postgres.test.ts.

describe('mailboxKey', () => {
  it('makes the spellings of one Gmail inbox one key', () => {
    const variants = [
      'victim@gmail.com',
      'Victim@Gmail.COM',
      'victim+1@gmail.com',
      'v.i.c.t.i.m@gmail.com',
      'V.ictim+report-2@googlemail.com',
      '  victim@gmail.com ',
    ];
    expect(new Set(variants.map(mailboxKey))).toEqual(new Set(['victim@gmail.com']));
  });

  it('removes a +tag at every provider, and keeps the dots where they matter', () => {
    expect(mailboxKey('Jane.Doe+news@Example.org')).toBe('jane.doe@example.org');
    expect(mailboxKey('jane.doe@outlook.com')).not.toBe(mailboxKey('janedoe@outlook.com'));
    // A Google Workspace domain treats dots as characters: only gmail.com and googlemail.com drop them.
    expect(mailboxKey('jane.doe@company-on-workspace.com')).toBe('jane.doe@company-on-workspace.com');
    expect(mailboxKey('j.doe@mail.gmail.com.example')).toBe('j.doe@mail.gmail.com.example');
  });

  it('keeps what it cannot read as one address', () => {
    expect(mailboxKey('no-at-sign')).toBe('no-at-sign');
    expect(mailboxKey('+only-a-tag@example.com')).toBe('@example.com');
  });
});
