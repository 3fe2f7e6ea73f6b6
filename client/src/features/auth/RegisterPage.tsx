import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router-dom';
import {
  AddressField,
  EmailField,
  NameField,
  PasswordField,
  PhoneField,
  SportField,
} from '../../components/AccountFields';
import { Page } from '../../components/Page';
import { useRegisterMutation } from '../../gql/hooks';
import { notifyOutcome } from '../../lib/notify';
import { paths } from '../../lib/routes';
import { AuthForm } from './AuthForm';

const EMPTY = { name: '', email: '', password: '', phone: '', address: '', answer: '' };

export default function RegisterPage() {
  const form = useForm({ initialValues: EMPTY });
  const [register, { loading }] = useRegisterMutation();
  const navigate = useNavigate();

  const submit = form.onSubmit(async (input) => {
    const registered = () => register({ variables: { input } });
    if (await notifyOutcome(registered, 'Registered successfully, please login')) {
      navigate(paths.login);
    }
  });

  return (
    <Page title="Register">
      <AuthForm title="Register Form" submitLabel="REGISTER" submitting={loading} onSubmit={submit}>
        <NameField required autoFocus {...form.getInputProps('name')} />
        <EmailField required {...form.getInputProps('email')} />
        <PasswordField required {...form.getInputProps('password')} />
        <PhoneField required {...form.getInputProps('phone')} />
        <AddressField required {...form.getInputProps('address')} />
        <SportField
          required
          placeholder="What is Your Favorite sports"
          {...form.getInputProps('answer')}
        />
      </AuthForm>
    </Page>
  );
}
