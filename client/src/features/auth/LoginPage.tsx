import { Button, PasswordInput, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../../session/auth';
import { Page } from '../../components/Page';
import { useLoginMutation } from '../../gql/hooks';
import { errorMessage, notifyError, notifySuccess } from '../../lib/notify';
import { paths } from '../../lib/routes';
import { AuthForm } from './AuthForm';

export default function LoginPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [login, { loading }] = useLoginMutation();
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();

  const submit = async () => {
    try {
      const { data } = await login({ variables: { input: { email, password } } });
      if (!data) return;
      signIn({ user: data.login.user, token: data.login.token });
      notifySuccess('Logged in successfully');
      // Back to the page a guard sent the shopper away from, or home.
      navigate(typeof location.state === 'string' ? location.state : paths.home);
    } catch (error) {
      notifyError(errorMessage(error, 'Something went wrong'));
    }
  };

  return (
    <Page title="Login">
      <AuthForm
        title="Login Form"
        submitLabel="LOGIN"
        submitting={loading}
        onSubmit={submit}
        footer={
          <Button variant="subtle" onClick={() => navigate(paths.forgotPassword)}>
            Forgot Password
          </Button>
        }
      >
        <TextInput
          label="Email"
          type="email"
          placeholder="Enter Your Email"
          required
          autoFocus
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <PasswordInput
          label="Password"
          placeholder="Enter Your Password"
          required
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
      </AuthForm>
    </Page>
  );
}
