import type { Session, TestApp } from '../support/test-app';
import { gql } from '../support/gql';

/** What the account tests ask of a user over GraphQL, and the answer's shape. */
export const USER_FIELDS = 'id name email phone address role createdAt';

export interface UserView {
  id: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  role: number;
  createdAt: string;
}

export const REGISTER = `mutation ($input: RegisterInput!) { register(input: $input) { ${USER_FIELDS} } }`;
export const LOGIN = `mutation ($input: LoginInput!) { login(input: $input) { token user { ${USER_FIELDS} } } }`;
export const FORGOT = 'mutation ($input: ForgotPasswordInput!) { forgotPassword(input: $input) }';
export const UPDATE_PROFILE = `mutation ($input: ProfileInput!) { updateProfile(input: $input) { ${USER_FIELDS} } }`;
export const ME = `{ me { ${USER_FIELDS} } }`;

/** The user fields every REST answer about a user has: never the password or the answer. */
export const PUBLIC_USER_FIELDS = ['_id', 'address', 'createdAt', 'email', 'name', 'phone', 'role'];

/** A session of a bare token, as a client holding only the token has it. */
export const sessionOf = (token: string, userId = ''): Session => ({
  token,
  userId,
  auth: { Authorization: token },
});

/** A GraphQL login. */
export const gqlLogin = (test: TestApp, email: string, password: string) =>
  gql<{ login: { token: string; user: UserView } }>(test, LOGIN, { input: { email, password } });

/** A REST login, whatever its answer. */
export const restLogin = (test: TestApp, email: string, password: string) =>
  test.http().post('/api/v1/auth/login').send({ email, password });

/** The stored user document of an e-mail, or null. */
export const storedUser = (test: TestApp, email: string) =>
  test.connection.collection('users').findOne({ email });
