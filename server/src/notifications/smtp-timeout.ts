/**
 * How long a connection, the server's greeting and each reply may take: a stuck server is a
 * failed try. Apart from the mailer so that the tests' mail reader can wait past it.
 */
export const SMTP_TIMEOUT_MS = 15_000;
