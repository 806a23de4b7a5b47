import { describe, expect, it } from 'vitest';
import { mailboxKey, mailboxOf } from './mailbox';

describe('the mailbox an address delivers to', () => {
  it.each([
    ['a+x@d.example', 'a@d.example'],
    ['A+y@D.EXAMPLE', 'a@d.example'],
    ['  Victim+45@Example.com ', 'victim@example.com'],
    ['j.doe+shop@gmail.com', 'jdoe@gmail.com'],
    ['J.Doe@GoogleMail.com', 'jdoe@googlemail.com'],
    ['j.doe@example.com', 'j.doe@example.com'],
    ['+only-a-tag@example.com', '+only-a-tag@example.com'],
  ])('%s is %s', (email, mailbox) => {
    expect(mailboxOf(email)).toBe(mailbox);
  });

  it('keys one mailbox alike whatever the spelling, without the address in the key', () => {
    const key = mailboxKey('a+x@d.example', 'salt');
    expect(mailboxKey('A+y@D.example', 'salt')).toBe(key);
    expect(mailboxKey('b@d.example', 'salt')).not.toBe(key);
    expect(mailboxKey('a@d.example', 'other salt')).not.toBe(key);
    expect(key).not.toMatch(/@|d\.example/);
  });
});
