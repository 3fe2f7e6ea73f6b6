import { Button } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useLocation, useNavigate } from 'react-router-dom';
import { EmailField, PasswordField } from '../../components/AccountFields';
import { Page } from '../../components/Page';
import { useLoginMutation } from '../../gql/hooks';
import { errorMessage, notifyError, notifySuccess } from '../../lib/notify';
import { pathAfterSignIn, paths } from '../../lib/routes';
import { useAuth } from '../../session/auth';
import { AuthForm } from './AuthForm';

export default function LoginPage() {
  const form = useForm({ initialValues: { email: '', password: '' } });
  const [login, { loading }] = useLoginMutation();
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();

  const submit = form.onSubmit(async (input) => {
    try {
      const { data } = await login({ variables: { input } });
      if (!data) return;
      signIn({ user: data.login.user, token: data.login.token });
      notifySuccess('Logged in successfully');
      // Back to the page the shopper came from (or a guard sent them away from), or home.
      navigate(pathAfterSignIn(location.state), { replace: true });
    } catch (error) {
      notifyError(errorMessage(error));
    }
  });

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
        <EmailField required autoFocus {...form.getInputProps('email')} />
        <PasswordField setting={false} required {...form.getInputProps('password')} />
      </AuthForm>
    </Page>
  );
}
