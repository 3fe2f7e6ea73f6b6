import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { EmailField } from '../../components/AccountFields';
import { Page } from '../../components/Page';
import { usePasswordResetWaysQuery, useSendPasswordResetLinkMutation } from '../../gql/hooks';
import { emailCheck } from '../../lib/field-checks';
import { recheckShownErrors, useFormErrors } from '../../lib/form-errors';
import { paths } from '../../lib/routes';
import { AuthForm } from './AuthForm';

/**
 * "Forgot password": the shopper asks for a link by e-mail. The server answers the same whether
 * or not the address has an account, and this page shows its answer as it is. Where the shop
 * still takes the security question, a link leads to that form.
 */
export default function ForgotPasswordPage() {
  const { t } = useLingui();
  const form = useForm({
    initialValues: { email: '' },
    validate: { email: emailCheck },
    ...recheckShownErrors<{ email: string }>(),
  });
  const errors = useFormErrors(form);
  const ways = usePasswordResetWaysQuery().data?.passwordResetWays;
  const [send, { loading }] = useSendPasswordResetLinkMutation();
  const [sent, setSent] = useState<string | null>(null);
  const minutes = ways?.linkMinutes;

  const submit = errors.submit(async (input) => {
    const { data } = await send({ variables: { input } });
    if (data) setSent(data.sendPasswordResetLink);
  });

  const byQuestion = ways?.securityQuestion && (
    <Anchor component={Link} to={paths.securityQuestionReset} size="sm" ta="center">
      <Trans>Answer your security question instead</Trans>
    </Anchor>
  );

  return (
    <Page title={t`Forgot password`}>
      <AuthForm
        title={t`Forgot your password?`}
        submitLabel={sent ? t`Send another link` : t`Email me a link`}
        submitting={loading}
        onSubmit={submit}
        formRef={errors.attach}
        refusal={errors.refusal}
        footer={byQuestion}
      >
        {ways?.link === false ? (
          <Alert color="yellow" role="status">
            {ways.securityQuestion ? (
              <Trans>
                This shop cannot e-mail a reset link right now. Answer your security question below
                instead.
              </Trans>
            ) : (
              <Trans>
                This shop cannot e-mail a reset link right now. Please{' '}
                <Anchor component={Link} to={paths.contact}>
                  contact us
                </Anchor>{' '}
                to get back into your account.
              </Trans>
            )}
          </Alert>
        ) : (
          <Text size="sm">
            {ways ? (
              <Trans>
                Enter the e-mail address of your account. We will send you a link to choose a new
                password; it works for {minutes} minutes.
              </Trans>
            ) : (
              <Trans>
                Enter the e-mail address of your account. We will send you a link to choose a new
                password.
              </Trans>
            )}
          </Text>
        )}
        <EmailField required autoFocus {...form.getInputProps('email')} />
        {sent && (
          <Alert color="green" role="status" title={t`Check your inbox`}>
            <Stack gap={4}>
              <Text size="sm">{sent}.</Text>
              <Text size="sm">
                <Trans>
                  Nothing after a few minutes? Look in your spam folder, check the address above and
                  send another link.
                </Trans>
              </Text>
            </Stack>
          </Alert>
        )}
      </AuthForm>
    </Page>
  );
}
