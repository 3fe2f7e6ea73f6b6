import { useForm } from '@mantine/form';
import { t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  AddressField,
  EmailField,
  NameField,
  PasswordField,
  PhoneField,
  SportField,
} from '../../components/AccountFields';
import { Page } from '../../components/Page';
import { useLoginMutation, useRegisterMutation } from '../../gql/hooks';
import { ACCOUNT_RULES } from '@shop/form-rules';
import { emailCheck, filled, mobileCheck, newPasswordCheck } from '../../lib/field-checks';
import { mobileToSend } from '../../lib/field-format';
import { recheckShownErrors, useFormErrors } from '../../lib/form-errors';
import { notifySuccess } from '../../lib/notify';
import { pathAfterSignIn, paths } from '../../lib/routes';
import { useAuth } from '../../session/auth';
import { AuthForm } from './AuthForm';

const EMPTY = { name: '', email: '', password: '', phone: '', address: '', answer: '' };

/** Said once the new account is made and signed in. */
export const welcomeOf = (name: string) => t`Welcome, ${name}! Your account is ready.`;
/** Said when the account is made but signing in to it did not go through. */
export const registeredPleaseLogIn = () => t`Registered successfully, please login`;

/**
 * Registering signs the new shopper in (the account's e-mail and password, just typed, are
 * its first sign-in) and returns to the page they came from; should that sign-in not go
 * through, the login form takes over.
 */
export default function RegisterPage() {
  const { t } = useLingui();
  const form = useForm({
    initialValues: EMPTY,
    validate: {
      name: filled(ACCOUNT_RULES.name),
      email: emailCheck,
      password: newPasswordCheck,
      phone: mobileCheck,
      address: filled(ACCOUNT_RULES.address),
      answer: filled(ACCOUNT_RULES.answer),
    },
    ...recheckShownErrors<typeof EMPTY>(),
  });
  const errors = useFormErrors(form);
  const [register, { loading: registering }] = useRegisterMutation();
  const [login, { loading: signingIn }] = useLoginMutation();
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();

  const submit = errors.submit(async (values) => {
    const input = { ...values, phone: mobileToSend(values.phone) ?? values.phone };
    // A refusal (`email: ...`) shows beside its field, any other in the form.
    await register({ variables: { input } });
    try {
      const { data } = await login({
        variables: { input: { email: input.email, password: input.password } },
      });
      if (!data) throw new Error('no answer');
      signIn({ user: data.login.user, token: data.login.token });
      notifySuccess(welcomeOf(data.login.user.name));
      navigate(pathAfterSignIn(location.state), { replace: true });
    } catch {
      notifySuccess(registeredPleaseLogIn());
      navigate(paths.login, { state: location.state });
    }
  });

  return (
    <Page title={t`Register`}>
      <AuthForm
        title={t`Register Form`}
        submitLabel={t`REGISTER`}
        submitting={registering || signingIn}
        onSubmit={submit}
        formRef={errors.attach}
        refusal={errors.refusal}
      >
        <NameField required autoFocus {...form.getInputProps('name')} />
        <EmailField required {...form.getInputProps('email')} />
        <PasswordField required {...form.getInputProps('password')} />
        <PhoneField required {...form.getInputProps('phone')} />
        <AddressField required {...form.getInputProps('address')} />
        <SportField
          required
          placeholder={t`What is Your Favorite sports`}
          {...form.getInputProps('answer')}
        />
      </AuthForm>
    </Page>
  );
}
