import { expect, inject } from 'vitest';
import { mailpitReader } from '../../server/test/support/mailpit';

/** The Mailpit every shop of the run sends its e-mail to. */
export const mailbox = () => mailpitReader(inject('mailUrl'));

/**
 * The link to `path` (a pattern of the path, such as /\/reset-password/) in the newest e-mail to
 * `to` titled `subject`, once it has come: as a path with its query, to open on this worker's
 * shop, and as the e-mail wrote it.
 */
export async function linkInMail(
  to: string,
  subject: string | RegExp,
  path: RegExp,
): Promise<{ path: string; href: string }> {
  const titled = (found: string) =>
    typeof subject === 'string' ? found === subject : subject.test(found);
  // Newest first, as Mailpit lists them.
  const newest = async () =>
    (await mailbox().messages()).find(
      (message) => titled(message.subject) && message.to.some((one) => one.address === to),
    );
  await expect
    .poll(async () => (await newest())?.id, {
      timeout: 20_000,
      interval: 200,
      message: `an e-mail to ${to} titled ${String(subject)}`,
    })
    .toBeDefined();
  const message = await mailbox().message((await newest())!.id);
  const href = [...message.html.matchAll(/href="(https?:[^"]+)"/g)]
    .map(([, found]) => found.replaceAll('&amp;', '&'))
    .find((found) => path.test(new URL(found).pathname));
  expect(href, `a link to ${String(path)} in: ${message.text}`).toBeDefined();
  const url = new URL(href!);
  return { path: `${url.pathname}${url.search}`, href: href! };
}
