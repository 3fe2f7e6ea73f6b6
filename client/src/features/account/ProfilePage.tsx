import { Button, Paper, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router-dom';
import {
  AddressField,
  EmailField,
  NameField,
  PasswordField,
  PhoneField,
} from '../../components/AccountFields';
import { Page } from '../../components/Page';
import { useUpdateProfileMutation } from '../../gql/hooks';
import { errorMessage, notifyError, notifySuccess } from '../../lib/notify';
import { paths } from '../../lib/routes';
import { useAuth } from '../../session/auth';

export default function ProfilePage() {
  const { auth, replaceUser, signOut } = useAuth();
  const navigate = useNavigate();
  const user = auth?.user;
  const form = useForm({
    initialValues: {
      name: user?.name ?? '',
      password: '',
      phone: user?.phone ?? '',
      address: user?.address ?? '',
    },
  });
  const [updateProfile, { loading }] = useUpdateProfileMutation();

  const submit = form.onSubmit(async (values) => {
    try {
      const { data } = await updateProfile({
        variables: { input: { ...values, password: values.password || null } },
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
      form.setFieldValue('password', '');
      notifySuccess('Profile updated successfully');
    } catch (error) {
      notifyError(errorMessage(error));
    }
  });

  return (
    <Page title="Your Profile">
      <Paper withBorder p="xl" maw={480} component="form" onSubmit={submit}>
        <Stack>
          <Title order={2}>USER PROFILE</Title>
          <NameField required {...form.getInputProps('name')} />
          <EmailField placeholder={undefined} value={user?.email ?? ''} readOnly disabled />
          <PasswordField
            description="Leave empty to keep your password"
            {...form.getInputProps('password')}
          />
          <PhoneField required {...form.getInputProps('phone')} />
          <AddressField required {...form.getInputProps('address')} />
          <Button type="submit" loading={loading}>
            Update
          </Button>
        </Stack>
      </Paper>
    </Page>
  );
}
