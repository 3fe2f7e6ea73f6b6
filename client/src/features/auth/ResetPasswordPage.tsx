import { Alert, Anchor, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PasswordField } from '../../components/AccountFields';
import { Page } from '../../components/Page';
import { useResetPasswordMutation } from '../../gql/hooks';
import { newPasswordCheck } from '../../lib/field-checks';
import { recheckShownErrors, useFormErrors } from '../../lib/form-errors';
import { fieldRefusal, isRefusedAs, notifySuccess } from '../../lib/notify';
import { paths } from '../../lib/routes';
import { AuthForm } from './AuthForm';

/** Said once the new password is set. */
export const passwordChanged = () => t`Password changed, please login with the new one`;

/** Where an e-mailed reset link opens: the shopper chooses a new password, typed twice. */
export default function ResetPasswordPage() {
  const { t } = useLingui();
  const token = useSearchParams()[0].get('token') ?? '';
  const form = useForm({
    initialValues: { newPassword: '', again: '' },
    validate: {
      newPassword: newPasswordCheck,
      again: (again, { newPassword }) =>
        again === newPassword ? null : t`The two passwords are not the same`,
    },
    ...recheckShownErrors<{ newPassword: string; again: string }>(),
  });
  const errors = useFormErrors(form);
  const [reset, { loading }] = useResetPasswordMutation();
  const [linkRefused, setLinkRefused] = useState<string | null>(null);
  const navigate = useNavigate();

  const submit = errors.submit(async ({ newPassword }) => {
    try {
      await reset({ variables: { input: { token, newPassword } } });
    } catch (error) {
      const { field, message } = fieldRefusal(error);
      if (field === 'token') return setLinkRefused(message);
      // The token aside, the password is the only thing a shopper typed that can be refused.
      if (!isRefusedAs(error, 'BAD_USER_INPUT')) throw error;
      form.setFieldError('newPassword', message);
      return errors.focus();
    }
    notifySuccess(passwordChanged());
    navigate(paths.login);
  });

  const askAgain = (
    <Anchor component={Link} to={paths.forgotPassword}>
      <Trans>Ask for a new link</Trans>
    </Anchor>
  );
  const refusal = token
    ? linkRefused
    : t`This link is not complete: open it from the e-mail again.`;

  return (
    <Page title={t`Choose a new password`}>
      <AuthForm
        title={t`Choose a new password`}
        submitLabel={t`Set new password`}
        submitting={loading}
        onSubmit={submit}
        formRef={errors.attach}
        refusal={errors.refusal}
      >
        {refusal && (
          <Alert color="red" role="alert">
            <Text size="sm">
              {refusal} {askAgain}
            </Text>
          </Alert>
        )}
        <PasswordField
          required
          autoFocus
          label={t`New password`}
          autoComplete="new-password"
          {...form.getInputProps('newPassword')}
        />
        <PasswordField
          required
          label={t`New password again`}
          placeholder={t`Enter it once more`}
          autoComplete="new-password"
          {...form.getInputProps('again')}
        />
      </AuthForm>
    </Page>
  );
}
