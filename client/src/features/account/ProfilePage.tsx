import { Button, Paper, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CURRENT_PASSWORD } from '@shop/rules';
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
import { errorMessage, notifyError, notifySuccess } from '../../lib/notify';
import { paths } from '../../lib/routes';
import { useAuth } from '../../session/auth';

/** The server's refusals that are about the current password, shown under its field. */
const ABOUT_CURRENT_PASSWORD: readonly string[] = Object.values(CURRENT_PASSWORD);

export default function ProfilePage() {
  const { auth, replaceUser, signOut } = useAuth();
  const navigate = useNavigate();
  const user = auth?.user;
  const form = useForm({
    initialValues: {
      name: user?.name ?? '',
      password: '',
      currentPassword: '',
      phone: user?.phone ?? '',
      address: user?.address ?? '',
    },
    // Asked for here only to answer sooner: the server refuses a new password without it.
    validate: {
      currentPassword: (value, { password }) =>
        password && !value ? CURRENT_PASSWORD.required : null,
    },
  });
  const [updateProfile, { loading }] = useUpdateProfileMutation();

  const submit = form.onSubmit(async (values) => {
    try {
      const { data } = await updateProfile({
        variables: {
          input: {
            ...values,
            password: values.password || null,
            currentPassword: values.currentPassword || null,
          },
        },
      });
      if (!data) return;
      // A new password ends every session, this one's too: the server no longer takes its token.
      if (values.password) {
        signOut();
        notifySuccess('Password changed, please login again');
        navigate(paths.login);
        return;
      }
      replaceUser(data.updateProfile);
      form.setValues({ password: '', currentPassword: '' });
      notifySuccess('Profile updated successfully');
    } catch (error) {
      const message = errorMessage(error);
      if (ABOUT_CURRENT_PASSWORD.includes(message)) form.setFieldError('currentPassword', message);
      else notifyError(message);
    }
  });

  return (
    <Page title="Your Profile">
      <Paper withBorder p="xl" maw={480} component="form" onSubmit={submit}>
        <Stack>
          <Title order={2}>Your Profile</Title>
          <NameField required {...form.getInputProps('name')} />
          <EmailField placeholder={undefined} value={user?.email ?? ''} readOnly disabled />
          <PasswordField
            description="Leave empty to keep your password"
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
          <PasswordField
            setting={false}
            label="Current password"
            placeholder="Enter Your Current Password"
            description="Needed to change your password"
            autoComplete="current-password"
            {...form.getInputProps('currentPassword')}
          />
          <PhoneField required {...form.getInputProps('phone')} />
          <AddressField
            required
            description="Once you save addresses under Addresses, this shows your default one"
            {...form.getInputProps('address')}
          />
          <Button type="submit" loading={loading}>
            Update
          </Button>
        </Stack>
      </Paper>
    </Page>
  );
}
