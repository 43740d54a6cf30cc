import { describe, expect, it } from 'vitest';

// The team's email of a lead (src/server/email/team-email.ts).

describe('team email', () => {
  it('shows every field, escaped, in the emails’ layout, and never a re-check’s id', async () => {
    const { renderTeamEmail } = await import('../../../src/server/email/team-email.ts');
    const { deliveryPayload } = await import('../../../src/server/store/records.ts');
    const mail = renderTeamEmail(
      deliveryPayload({
        id: 'b3c1',
        name: 'Eve <script>alert(1)</script>',
        email: 'eve@example.com',
        language: 'fr',
        lead_data: {
          form_type: 'recheck',
          website: 'https://www.shop.example/',
          recheck_id: 'f'.repeat(32),
          message: 'Line one\nLine <two>',
        },
        updated_at: 'later',
      }),
    );
    expect(mail.subject).toBe('New recheck lead: eve@example.com (shop.example)');
    expect(mail.replyTo).toEqual({ name: 'Eve <script>alert(1)</script>', address: 'eve@example.com' });
    expect(mail.html).toMatch(/<html lang="en"/);
    expect(mail.html).toContain('<th scope="row"');
    expect(mail.html).toContain('Eve &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.text).toContain('Audited address: https://www.shop.example/');
    expect(mail.text).toContain('Message:\n    Line one\n    Line <two>');
    expect(mail.text).toContain('updated_at: later');
    expect(mail.text + mail.html).not.toContain('f'.repeat(32));
  });
});
