import { PasswordInput, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { Page } from '../../components/Page';
import { useForgotPasswordMutation } from '../../gql/hooks';
import { errorMessage, notifyError, notifySuccess } from '../../lib/notify';
import { paths } from '../../lib/routes';
import { useFormFields } from '../../lib/use-form-fields';
import { AuthForm } from './AuthForm';

export default function ForgotPasswordPage() {
  const { values: form, field } = useFormFields(
    { email: '', answer: '', newPassword: '' },
    { required: true },
  );
  const [reset, { loading }] = useForgotPasswordMutation();
  const navigate = useNavigate();

  const submit = async () => {
    try {
      await reset({ variables: { input: form } });
      notifySuccess('Password reset successfully');
      navigate(paths.login);
    } catch (error) {
      notifyError(errorMessage(error, 'Something went wrong'));
    }
  };

  return (
    <Page title="Reset password">
      <AuthForm title="RESET PASSWORD" submitLabel="RESET" submitting={loading} onSubmit={submit}>
        <TextInput
          label="Email"
          type="email"
          placeholder="Enter Your Email"
          autoFocus
          {...field('email')}
        />
        <TextInput
          label="Favourite sport"
          placeholder="Enter Your favorite Sport Name"
          {...field('answer')}
        />
        <PasswordInput
          label="New password"
          placeholder="Enter Your New Password"
          minLength={6}
          {...field('newPassword')}
        />
      </AuthForm>
    </Page>
  );
}
