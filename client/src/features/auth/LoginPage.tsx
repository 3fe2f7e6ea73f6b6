import { Button } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocation, useNavigate } from 'react-router-dom';
import { EmailField, PasswordField } from '../../components/AccountFields';
import { Page } from '../../components/Page';
import { useLoginMutation } from '../../gql/hooks';
import { emailCheck, passwordCheck } from '../../lib/field-checks';
import { recheckShownErrors, useFormErrors } from '../../lib/form-errors';
import { notifySuccess } from '../../lib/notify';
import { pathAfterSignIn, paths } from '../../lib/routes';
import { useAuth } from '../../session/auth';
import { AuthForm } from './AuthForm';

export default function LoginPage() {
  const { t } = useLingui();
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: { email: emailCheck, password: passwordCheck },
    ...recheckShownErrors<{ email: string; password: string }>(),
  });
  const errors = useFormErrors(form);
  const [login, { loading }] = useLoginMutation();
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();

  // A wrong e-mail or password is said in the form, naming neither field (which one is wrong
  // is not told).
  const submit = errors.submit(async (input) => {
    const { data } = await login({ variables: { input } });
    if (!data) return;
    signIn({ user: data.login.user, token: data.login.token });
    notifySuccess(t`Logged in successfully`);
    // Back to the page the shopper came from (or a guard sent them away from), or home.
    navigate(pathAfterSignIn(location.state), { replace: true });
  });

  return (
    <Page title={t`Login`}>
      <AuthForm
        title={t`Login Form`}
        submitLabel={t`LOGIN`}
        submitting={loading}
        onSubmit={submit}
        formRef={errors.attach}
        refusal={errors.refusal}
        footer={
          <Button variant="subtle" onClick={() => navigate(paths.forgotPassword)}>
            <Trans>Forgot Password</Trans>
          </Button>
        }
      >
        <EmailField required autoFocus {...form.getInputProps('email')} />
        <PasswordField setting={false} required {...form.getInputProps('password')} />
      </AuthForm>
    </Page>
  );
}
