import { Button, Paper, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Trans, useLingui } from '@lingui/react/macro';
import { CURRENT_PASSWORD } from '@shop/rules';
import { ACCOUNT_RULES } from '@shop/form-rules';
import { useNavigate } from 'react-router-dom';
import {
  AddressField,
  EmailField,
  NameField,
  PasswordField,
  PhoneField,
} from '../../components/AccountFields';
import { Page } from '../../components/Page';
import { useUpdateProfileMutation } from '../../gql/account-hooks';
import { FormRefusal } from '../../components/FormRefusal';
import { filled, mobileCheck, newPasswordCheck } from '../../lib/field-checks';
import { mobileShown, mobileToSend } from '../../lib/field-format';
import { recheckShownErrors, useFormErrors } from '../../lib/form-errors';
import { errorMessage, notifySuccess } from '../../lib/notify';
import { paths } from '../../lib/routes';
import { useAuth } from '../../session/auth';

/** The server's refusals that are about the current password, shown under its field. */
const ABOUT_CURRENT_PASSWORD: readonly string[] = Object.values(CURRENT_PASSWORD);

export default function ProfilePage() {
  const { auth, replaceUser, signOut } = useAuth();
  const { t } = useLingui();
  const navigate = useNavigate();
  const user = auth?.user;
  // The phone as the field shows it: a mobile's digits after the fixed +91, any other phone kept
  // from before as it is, checked only once changed.
  const phoneShown = mobileShown(user?.phone ?? '');
  const initialValues = {
    name: user?.name ?? '',
    password: '',
    currentPassword: '',
    phone: phoneShown,
    address: user?.address ?? '',
  };
  const form = useForm({
    initialValues,
    validate: {
      name: filled(ACCOUNT_RULES.name),
      password: (value) => (value ? newPasswordCheck(value) : null),
      // Asked for here only to answer sooner: the server refuses a new password without it.
      currentPassword: (value, { password }) =>
        password && !value ? CURRENT_PASSWORD.required : null,
      phone: (value) => (value === phoneShown ? null : mobileCheck(value)),
      address: filled(ACCOUNT_RULES.address),
    },
    ...recheckShownErrors<typeof initialValues>(),
  });
  const { attach, refusal, submit: checkedSubmit, focus } = useFormErrors(form);
  const [updateProfile, { loading }] = useUpdateProfileMutation();

  const submit = checkedSubmit(async (values) => {
    let data;
    try {
      ({ data } = await updateProfile({
        variables: {
          input: {
            ...values,
            phone: values.phone === phoneShown ? (user?.phone ?? '') : mobileToSend(values.phone),
            password: values.password || null,
            currentPassword: values.currentPassword || null,
          },
        },
      }));
    } catch (error) {
      // The server's words about the current password name no field: they are about this one.
      const message = errorMessage(error);
      if (!ABOUT_CURRENT_PASSWORD.includes(message)) throw error;
      form.setFieldError('currentPassword', message);
      return focus();
    }
    if (!data) return;
    // A new password ends every session, this one's too: the server no longer takes its token.
    if (values.password) {
      signOut();
      notifySuccess(t`Password changed, please login again`);
      navigate(paths.login);
      return;
    }
    replaceUser(data.updateProfile);
    form.setValues({ password: '', currentPassword: '' });
    notifySuccess(t`Profile updated successfully`);
  });

  return (
    <Page title={t`Your Profile`}>
      <Paper withBorder p="xl" maw={480} component="form" ref={attach} onSubmit={submit} noValidate>
        <Stack>
          <Title order={2}>
            <Trans>Your Profile</Trans>
          </Title>
          <NameField required {...form.getInputProps('name')} />
          <EmailField placeholder={undefined} value={user?.email ?? ''} readOnly disabled />
          <PasswordField
            description={t`Leave empty to keep your password`}
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
          <PasswordField
            setting={false}
            label={t`Current password`}
            placeholder={t`Enter Your Current Password`}
            description={t`Needed to change your password`}
            autoComplete="current-password"
            {...form.getInputProps('currentPassword')}
          />
          <PhoneField required {...form.getInputProps('phone')} />
          <AddressField
            required
            description={t`Once you save addresses under Addresses, this shows your default one`}
            {...form.getInputProps('address')}
          />
          <FormRefusal message={refusal} />
          <Button type="submit" loading={loading}>
            <Trans>Update</Trans>
          </Button>
        </Stack>
      </Paper>
    </Page>
  );
}
