import { PasswordInput, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { Page } from '../../components/Page';
import { useRegisterMutation } from '../../gql/hooks';
import { errorMessage, notifyError, notifySuccess } from '../../lib/notify';
import { paths } from '../../lib/routes';
import { useFormFields } from '../../lib/use-form-fields';
import { AuthForm } from './AuthForm';

const EMPTY = { name: '', email: '', password: '', phone: '', address: '', answer: '' };

export default function RegisterPage() {
  const { values: form, field } = useFormFields(EMPTY, { required: true });
  const [register, { loading }] = useRegisterMutation();
  const navigate = useNavigate();

  const submit = async () => {
    try {
      await register({ variables: { input: form } });
      notifySuccess('Registered successfully, please login');
      navigate(paths.login);
    } catch (error) {
      notifyError(errorMessage(error, 'Something went wrong'));
    }
  };

  return (
    <Page title="Register">
      <AuthForm title="Register Form" submitLabel="REGISTER" submitting={loading} onSubmit={submit}>
        <TextInput label="Name" placeholder="Enter Your Name" autoFocus {...field('name')} />
        <TextInput label="Email" type="email" placeholder="Enter Your Email" {...field('email')} />
        <PasswordInput
          label="Password"
          placeholder="Enter Your Password"
          minLength={6}
          {...field('password')}
        />
        <TextInput label="Phone" type="tel" placeholder="Enter Your Phone" {...field('phone')} />
        <TextInput label="Address" placeholder="Enter Your Address" {...field('address')} />
        <TextInput
          label="Favourite sport"
          placeholder="What is Your Favorite sports"
          {...field('answer')}
        />
      </AuthForm>
    </Page>
  );
}
