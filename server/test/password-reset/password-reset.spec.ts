import { Model, Types } from 'mongoose';
import { getModelToken } from '@nestjs/mongoose';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { LINK_ON_ITS_WAY, PasswordResetLink, RESET_LINK_RULES } from '../../src/password-reset';
import { QUESTION_RESET_OFF } from '../../src/auth/auth.service';
import { expectError, freshAddress, newShopper, uniqueTag } from '../support/fixtures';
import type { Account } from '../support/fixtures';
import { expectRefused, gql } from '../support/gql';
import { QUICK_OUTBOX, useMailpit } from '../support/use-mailpit';
import type { MailpitReader } from '../support/mailpit';
import { login, useTestShop } from '../support/test-app';
import type { TestApp } from '../support/test-app';

const PER_ACCOUNT = 3;
const PER_ADDRESS = 6;
const LIMITS = {
  TRUST_PROXY: 'loopback',
  PASSWORD_RESET_LINKS_PER_ACCOUNT: String(PER_ACCOUNT),
  PASSWORD_RESET_LINKS_PER_ADDRESS: String(PER_ADDRESS),
};
const NEW_PASSWORD = 'neem-tree-1987';

/** Asks for a link for `email`, from a client address of its own unless given one. */
const askForLink = (shop: TestApp, email: string, from = freshAddress()) =>
  shop.http().post('/api/v1/auth/password-reset-link').set('X-Forwarded-For', from).send({ email });

const resetWith = (
  shop: TestApp,
  token: string,
  newPassword = NEW_PASSWORD,
  from = freshAddress(),
) =>
  shop
    .http()
    .post('/api/v1/auth/reset-password')
    .set('X-Forwarded-For', from)
    .send({ token, newPassword });

/** The tokens of the reset links e-mailed to `email`, oldest first, once there are `count`. */
async function linksTo(mailpit: MailpitReader, email: string, count: number): Promise<string[]> {
  const tokens: string[] = [];
  for (const summary of await mailpit.waitForMessagesTo(email, count)) {
    expect(summary.subject).toBe('Reset your Bazaar password');
    const message = await mailpit.message(summary.id);
    const [, token] = /\/reset-password\?token=([\w.-]+)/.exec(message.text) ?? [];
    expect(token, message.text).toBeDefined();
    expect(message.html).toContain(`/reset-password?token=${token}`);
    tokens.push(token);
  }
  return tokens;
}

const userAuth = (shop: TestApp, account: Pick<Account, 'auth'>) =>
  shop.http().get('/api/v1/auth/user-auth').set(account.auth);

describe('password reset by an e-mailed link, the mail read from a real SMTP server (Mailpit)', () => {
  const env: Record<string, string> = { ...QUICK_OUTBOX, ...LIMITS };
  const mailpit = useMailpit(env);
  const shop = useTestShop({ env });

  it('e-mails a link that sets a new password once, ending every session', async () => {
    const shopper = await newShopper(shop);
    const asked = await askForLink(shop, shopper.email.toUpperCase()).expect(200);
    expect(asked.body).toEqual({ success: true, message: LINK_ON_ITS_WAY });
    const [token] = await linksTo(mailpit(), shopper.email, 1);

    const done = await resetWith(shop, token).expect(200);
    expect(done.body.success).toBe(true);
    await userAuth(shop, shopper).expect(401);
    await shop.http().post('/api/v1/auth/login').send(shopper).expect(401);
    const signedIn = await login(shop, shopper.email, NEW_PASSWORD);
    await userAuth(shop, signedIn).expect(200);

    // Once sent, the outbox keeps no copy of the link (nor does the link's own record).
    const secret = token.split('.')[1];
    const outbox = shop.connection.collection('outbox_messages');
    await expect
      .poll(async () => (await outbox.findOne({ to: shopper.email }))?.state)
      .toBe('sent');
    const stored = JSON.stringify(
      await shop.connection.db!.collection('outbox_messages').find().toArray(),
    );
    expect(stored).not.toContain(secret);
    expect(
      JSON.stringify(await shop.connection.collection('password_reset_links').find().toArray()),
    ).not.toContain(secret);

    // Used once: the second use changes nothing.
    expectError(await resetWith(shop, token, 'another-pass-2024'), 400, RESET_LINK_RULES.failed);
    await userAuth(shop, signedIn).expect(200);
    await login(shop, shopper.email, NEW_PASSWORD);
  });

  it('writes to a shopper who chose Hindi in Hindi', async () => {
    const shopper = await newShopper(shop);
    const chose = await gql(shop, 'mutation { chooseLanguage(language: hi) { id } }', {}, shopper);
    expect(chose.errors).toBeUndefined();
    await askForLink(shop, shopper.email).expect(200);
    const [summary] = await mailpit().waitForMessagesTo(shopper.email, 1);
    expect(summary.subject).toBe('अपना Bazaar पासवर्ड रीसेट करें');
    const message = await mailpit().message(summary.id);
    expect(message.html).toMatch(/<html lang="hi-IN"/);
    expect(message.text).toContain(`नमस्ते ${shopper.name},`);
    expect(message.text).toMatch(/नया पासवर्ड चुनें: http:\/\/\S+\/reset-password\?token=[\w.-]+/);
  });

  it('answers an address nobody uses exactly as a known one, and e-mails nobody', async () => {
    const nobody = `nobody-${uniqueTag()}@example.in`;
    const shopper = await newShopper(shop);
    const unknown = await askForLink(shop, nobody).expect(200);
    const known = await askForLink(shop, shopper.email).expect(200);
    expect(unknown.body).toEqual(known.body);
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());
    await linksTo(mailpit(), shopper.email, 1);
    // The unknown one was asked for first, so it would have come first.
    const all = await mailpit().messages();
    expect(all.some((message) => message.to.some((to) => to.address === nobody))).toBe(false);
  });

  it('works only while new: an expired link and a replaced one are refused', async () => {
    const shopper = await newShopper(shop);
    await askForLink(shop, shopper.email).expect(200);
    const [first] = await linksTo(mailpit(), shopper.email, 1);
    await askForLink(shop, shopper.email).expect(200);
    const [, second] = await linksTo(mailpit(), shopper.email, 2);
    expect(second).not.toBe(first);
    expectError(await resetWith(shop, first), 400, RESET_LINK_RULES.failed);

    await shop.connection
      .collection('password_reset_links')
      .updateOne(
        { _id: new Types.ObjectId(shopper.userId) },
        { $set: { expiresAt: new Date(Date.now() - 1000) } },
      );
    expectError(await resetWith(shop, second), 400, RESET_LINK_RULES.failed);
    // Nothing was set: the old password still signs in.
    await login(shop, shopper.email, shopper.password);
  });

  it('refuses a made-up token, over REST and GraphQL, naming the token', async () => {
    const shopper = await newShopper(shop);
    for (const token of ['', 'x', `${shopper.userId}.${'A'.repeat(43)}`]) {
      const response = await resetWith(shop, token);
      expectError(response, 400);
      expect(response.body.message).toMatch(/^token/);
    }
    const answer = await gql(
      shop,
      'mutation ($input: ResetPasswordInput!) { resetPassword(input: $input) }',
      { input: { token: `${shopper.userId}.${'B'.repeat(43)}`, newPassword: NEW_PASSWORD } },
    );
    expect(expectRefused(answer, 'BAD_USER_INPUT').message).toBe(RESET_LINK_RULES.failed);
    await login(shop, shopper.email, shopper.password);
  });

  it('e-mails both of two first links written at once, of which the one kept works', async () => {
    const shopper = await newShopper(shop);
    // The two links' writes held until both have come, then let go together: two upserts of
    // one account's first link, one of which the database refuses as a duplicate.
    const links = shop.app.get<Model<PasswordResetLink>>(getModelToken(PasswordResetLink.name));
    const replaceOne = links.replaceOne.bind(links);
    let release!: () => void;
    const bothCame = new Promise<void>((resolve) => (release = resolve));
    let came = 0;
    vi.spyOn(links, 'replaceOne').mockImplementation(((...args: Parameters<typeof replaceOne>) => {
      came += 1;
      if (came === 2) release();
      return bothCame.then(() => replaceOne(...args));
    }) as never);
    try {
      await Promise.all([askForLink(shop, shopper.email), askForLink(shop, shopper.email)]);
      const tokens = await linksTo(mailpit(), shopper.email, 2);
      const answers = [];
      for (const token of tokens) answers.push((await resetWith(shop, token)).status);
      expect(answers.sort()).toEqual([200, 400]);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('lets one of two uses at once through', async () => {
    const shopper = await newShopper(shop);
    await askForLink(shop, shopper.email).expect(200);
    const [token] = await linksTo(mailpit(), shopper.email, 1);
    const answers = await Promise.all([
      resetWith(shop, token, 'first-choice-77'),
      resetWith(shop, token, 'second-choice-88'),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    const winner = answers[0].status === 200 ? 'first-choice-77' : 'second-choice-88';
    await login(shop, shopper.email, winner);
  });

  it(`sends at most ${PER_ACCOUNT} links an hour per account and ${PER_ADDRESS} per client address, known or not`, async () => {
    const shopper = await newShopper(shop);
    const nobody = `nobody-${uniqueTag()}@example.in`;
    for (const email of [shopper.email, nobody]) {
      for (let sent = 0; sent < PER_ACCOUNT; sent += 1) await askForLink(shop, email).expect(200);
      const refused = await askForLink(shop, email);
      expectError(refused, 429);
      expect(refused.body.message).toMatch(
        /^Too many password reset links asked for, please try again in \d+ minutes?$/,
      );
    }
    const from = freshAddress();
    for (let sent = 0; sent < PER_ADDRESS; sent += 1) {
      await askForLink(shop, `someone-${uniqueTag()}@example.in`, from).expect(200);
    }
    expectError(await askForLink(shop, `someone-${uniqueTag()}@example.in`, from), 429);
    // The account's own limit did not e-mail it more than PER_ACCOUNT links.
    await linksTo(mailpit(), shopper.email, PER_ACCOUNT);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await linksTo(mailpit(), shopper.email, PER_ACCOUNT)).toHaveLength(PER_ACCOUNT);
  });

  it('works over GraphQL too', async () => {
    const shopper = await newShopper(shop);
    const sent = await gql(
      shop,
      'mutation ($input: PasswordResetLinkInput!) { sendPasswordResetLink(input: $input) }',
      { input: { email: shopper.email } },
      null,
      { 'X-Forwarded-For': freshAddress() },
    );
    expect(sent.body.data).toEqual({ sendPasswordResetLink: LINK_ON_ITS_WAY });
    const [token] = await linksTo(mailpit(), shopper.email, 1);
    const reset = await gql(
      shop,
      'mutation ($input: ResetPasswordInput!) { resetPassword(input: $input) }',
      { input: { token, newPassword: NEW_PASSWORD } },
      null,
      { 'X-Forwarded-For': freshAddress() },
    );
    expect(reset.body.data).toEqual({ resetPassword: true });
    await userAuth(shop, shopper).expect(401);
    await login(shop, shopper.email, NEW_PASSWORD);
  });

  it('says both ways are open, and how long a link works, on both APIs', async () => {
    const ways = { link: true, linkMinutes: 30, securityQuestion: true };
    const rest = await shop.http().get('/api/v1/auth/password-reset-ways').expect(200);
    expect(rest.body).toEqual({ success: true, ways });
    const answer = await gql(shop, '{ passwordResetWays { link linkMinutes securityQuestion } }');
    expect(answer.body.data).toEqual({ passwordResetWays: ways });
  });

  it('keeps the security-question reset where it is on (development and tests)', async () => {
    const shopper = await newShopper(shop);
    await shop
      .http()
      .post('/api/v1/auth/forgot-password')
      .send({ email: shopper.email, answer: 'table tennis', newPassword: NEW_PASSWORD })
      .expect(200);
    await login(shop, shopper.email, NEW_PASSWORD);
  });
});

describe('with the security-question reset turned off, and with e-mail off', () => {
  const shop = useTestShop({ env: { SECURITY_QUESTION_RESET: 'false' } });
  let shopper: Account;
  beforeAll(async () => {
    shopper = await newShopper(shop);
  });

  it('refuses the security question over REST and GraphQL, changing nothing', async () => {
    const input = { email: shopper.email, answer: 'Table Tennis', newPassword: NEW_PASSWORD };
    expectError(
      await shop.http().post('/api/v1/auth/forgot-password').send(input),
      404,
      QUESTION_RESET_OFF,
    );
    const answer = await gql(
      shop,
      'mutation ($input: ForgotPasswordInput!) { forgotPassword(input: $input) }',
      { input },
    );
    expect(expectRefused(answer, 'NOT_FOUND').message).toBe(QUESTION_RESET_OFF);
    await login(shop, shopper.email, shopper.password);
  });

  it('says neither way is open', async () => {
    const rest = await shop.http().get('/api/v1/auth/password-reset-ways').expect(200);
    expect(rest.body.ways).toEqual({ link: false, linkMinutes: 30, securityQuestion: false });
  });

  it('says a link cannot be sent when the shop sends no e-mail', async () => {
    expectError(await askForLink(shop, shopper.email), 404, RESET_LINK_RULES.mailOff);
    expect(await shop.connection.collection('password_reset_links').countDocuments()).toBe(0);
  });
});
