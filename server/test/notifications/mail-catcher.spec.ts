import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAILPIT_MISSING, mailpitFound, RunningMailpit, startMailpit } from '../support/mailpit';

/**
 * The mail catcher of development and the tests, as the shop will use it: mail sent over SMTP
 * with nodemailer is read back over Mailpit's API. A test machine without the binary (no Go at
 * `npm install`) skips these with the reason; CI (CI set) fails without it.
 */
const found = mailpitFound();
if (!found && !process.env.CI) console.warn(`Skipping the mail catcher tests: ${MAILPIT_MISSING}`);

describe.skipIf(!found && !process.env.CI)('the mail catcher (Mailpit)', () => {
  let mailpit: RunningMailpit;
  beforeAll(async () => {
    mailpit = await startMailpit();
  });
  afterAll(async () => {
    await mailpit?.stop();
  });
  beforeEach(async () => {
    await mailpit.clear();
  });

  const send = (subject: string) =>
    createTransport(mailpit.smtpUrl).sendMail({
      from: 'Bazaar <orders@shop.local>',
      to: 'shopper@shop.local',
      subject,
      text: subject,
    });

  it('keeps what is sent over SMTP, and shows it over its API', async () => {
    const transport = createTransport(mailpit.smtpUrl);
    await transport.sendMail({
      from: 'Bazaar <orders@shop.local>',
      to: 'Asha Rao <asha@example.in>',
      subject: 'Order BZR-1001 is confirmed',
      html: '<h1>Thank you, Asha</h1><p>Your order <b>BZR-1001</b> of Rs 1,499 is confirmed.</p>',
      text: 'Thank you, Asha. Your order BZR-1001 of Rs 1,499 is confirmed.',
      attachments: [
        {
          filename: 'invoice-BZR-1001.pdf',
          content: Buffer.from('%PDF-1.4 a stand-in for the invoice'),
          contentType: 'application/pdf',
        },
      ],
    });
    await transport.sendMail({
      from: 'Bazaar <orders@shop.local>',
      to: ['ravi@example.in', 'meera@example.in'],
      subject: 'Order BZR-1002 has shipped',
      text: 'Your order BZR-1002 is on its way.',
    });

    const received = await mailpit.waitForMessages(2, 10_000);
    expect(received).toHaveLength(2);
    const bySubject = new Map(received.map((m) => [m.subject, m]));
    const confirmed = bySubject.get('Order BZR-1001 is confirmed');
    const shipped = bySubject.get('Order BZR-1002 has shipped');
    expect(confirmed?.to).toEqual([{ name: 'Asha Rao', address: 'asha@example.in' }]);
    expect(confirmed?.from).toEqual({ name: 'Bazaar', address: 'orders@shop.local' });
    expect(shipped?.to.map((to) => to.address)).toEqual(['ravi@example.in', 'meera@example.in']);
    expect(Date.parse(confirmed!.created)).toBeGreaterThan(Date.now() - 60_000);

    const whole = await mailpit.message(confirmed!.id);
    expect(whole.html).toContain('<b>BZR-1001</b> of Rs 1,499');
    expect(whole.text).toBe('Thank you, Asha. Your order BZR-1001 of Rs 1,499 is confirmed.');
    expect(whole.headers.Subject).toEqual(['Order BZR-1001 is confirmed']);
    expect(whole.attachments).toEqual([
      expect.objectContaining({ fileName: 'invoice-BZR-1001.pdf', contentType: 'application/pdf' }),
    ]);
    const plain = await mailpit.message(shipped!.id);
    expect(plain.html).toBe('');
    expect(plain.attachments).toEqual([]);
  });

  it('refuses the connection while it is down, and takes mail again once restarted', async () => {
    await mailpit.kill();
    const refused = await send('Sent while the catcher is down').then(
      () => undefined,
      (error: unknown) => error as NodeJS.ErrnoException,
    );
    expect(refused?.code).toBe('ESOCKET');
    expect(refused?.message).toMatch(/ECONNREFUSED/);

    await mailpit.restart();
    await send('Sent once it is back');
    const received = await mailpit.waitForMessages(1, 10_000);
    expect(received.map((m) => m.subject)).toEqual(['Sent once it is back']);
  });
});
