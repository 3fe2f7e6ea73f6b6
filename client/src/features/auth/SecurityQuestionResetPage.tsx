import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router-dom';
import { EmailField, PasswordField, SportField } from '../../components/AccountFields';
import { Page } from '../../components/Page';
import { useForgotPasswordMutation } from '../../gql/hooks';
import { notifyOutcome } from '../../lib/notify';
import { paths } from '../../lib/routes';
import { AuthForm } from './AuthForm';

export default function SecurityQuestionResetPage() {
  const form = useForm({ initialValues: { email: '', answer: '', newPassword: '' } });
  const [reset, { loading }] = useForgotPasswordMutation();
  const navigate = useNavigate();

  const submit = form.onSubmit(async (input) => {
    if (await notifyOutcome(() => reset({ variables: { input } }), 'Password reset successfully')) {
      navigate(paths.login);
    }
  });

  return (
    <Page title="Reset password by security question">
      <AuthForm title="RESET PASSWORD" submitLabel="RESET" submitting={loading} onSubmit={submit}>
        <EmailField required autoFocus {...form.getInputProps('email')} />
        <SportField
          required
          placeholder="Enter Your favorite Sport Name"
          {...form.getInputProps('answer')}
        />
        <PasswordField
          required
          label="New password"
          placeholder="Enter Your New Password"
          {...form.getInputProps('newPassword')}
        />
      </AuthForm>
    </Page>
  );
}
