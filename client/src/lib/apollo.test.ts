import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginDocument, MyOrdersDocument } from '../gql/graphql';
import { createApolloClient } from './apollo';

/** The server answering every request with one GraphQL error of `code`. */
function serverRefusing(code: string) {
  const fetch = vi.fn(
    async () =>
      new Response(
        JSON.stringify({ data: null, errors: [{ message: 'Refused', extensions: { code } }] }),
        { status: 200, headers: { 'Content-Type': 'application/json' } },
      ),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

async function ask(token: string | null, code: string, login = false) {
  serverRefusing(code);
  const refused = vi.fn();
  const client = createApolloClient(() => token, refused);
  await (
    login
      ? client.mutate({
          mutation: LoginDocument,
          variables: { input: { email: 'a@example.in', password: 'wrong-one' } },
        })
      : client.query({ query: MyOrdersDocument, fetchPolicy: 'network-only' })
  ).catch(() => undefined);
  return refused;
}

describe('the Apollo client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the token and reports it refused when the server answers UNAUTHENTICATED', async () => {
    const refused = await ask('token-123', 'UNAUTHENTICATED');
    expect(vi.mocked(fetch).mock.calls[0][1]?.headers).toMatchObject({
      authorization: 'token-123',
    });
    expect(refused).toHaveBeenCalledExactlyOnceWith('token-123');
  });

  it('reports nothing for another refusal, for a request without a token, or for a wrong password', async () => {
    expect(await ask('token-123', 'FORBIDDEN')).not.toHaveBeenCalled();
    expect(await ask(null, 'UNAUTHENTICATED')).not.toHaveBeenCalled();
    expect(await ask('token-123', 'UNAUTHENTICATED', true)).not.toHaveBeenCalled();
  });
});
