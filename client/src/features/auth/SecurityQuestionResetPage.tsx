import { useForm } from '@mantine/form';
import { useLingui } from '@lingui/react/macro';
import { useNavigate } from 'react-router-dom';
import { EmailField, PasswordField, SportField } from '../../components/AccountFields';
import { Page } from '../../components/Page';
import { useForgotPasswordMutation } from '../../gql/hooks';
import { ACCOUNT_RULES } from '@shop/form-rules';
import { emailCheck, filled, newPasswordCheck } from '../../lib/field-checks';
import { recheckShownErrors, useFormErrors } from '../../lib/form-errors';
import { notifySuccess } from '../../lib/notify';
import { paths } from '../../lib/routes';
import { AuthForm } from './AuthForm';

export default function SecurityQuestionResetPage() {
  const { t } = useLingui();
  const initialValues = { email: '', answer: '', newPassword: '' };
  const form = useForm({
    initialValues,
    validate: {
      email: emailCheck,
      answer: filled(ACCOUNT_RULES.answer),
      newPassword: newPasswordCheck,
    },
    ...recheckShownErrors<typeof initialValues>(),
  });
  const errors = useFormErrors(form);
  const [reset, { loading }] = useForgotPasswordMutation();
  const navigate = useNavigate();

  const submit = errors.submit(async (input) => {
    await reset({ variables: { input } });
    notifySuccess(t`Password reset successfully`);
    navigate(paths.login);
  });

  return (
    <Page title={t`Reset password by security question`}>
      <AuthForm
        title={t`RESET PASSWORD`}
        submitLabel={t`RESET`}
        submitting={loading}
        onSubmit={submit}
        formRef={errors.attach}
        refusal={errors.refusal}
      >
        <EmailField required autoFocus {...form.getInputProps('email')} />
        <SportField
          required
          placeholder={t`Enter Your favorite Sport Name`}
          {...form.getInputProps('answer')}
        />
        <PasswordField
          required
          label={t`New password`}
          placeholder={t`Enter Your New Password`}
          {...form.getInputProps('newPassword')}
        />
      </AuthForm>
    </Page>
  );
}
