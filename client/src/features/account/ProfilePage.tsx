import { Button, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../../session/auth';
import { Page } from '../../components/Page';
import { useUpdateProfileMutation } from '../../gql/hooks';
import { errorMessage, notifyError, notifySuccess } from '../../lib/notify';
import { paths } from '../../lib/routes';
import { useFormFields } from '../../lib/use-form-fields';

export default function ProfilePage() {
  const { auth, replaceUser, signOut } = useAuth();
  const navigate = useNavigate();
  const user = auth?.user;
  const {
    values: form,
    field,
    setValues: setForm,
  } = useFormFields({
    name: user?.name ?? '',
    password: '',
    phone: user?.phone ?? '',
    address: user?.address ?? '',
  });
  const [updateProfile, { loading }] = useUpdateProfileMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const { data } = await updateProfile({
        variables: { input: { ...form, password: form.password || null } },
      });
      if (!data) return;
      // A new password ends every session, this one's too: the server no longer takes its token.
      if (form.password) {
        signOut();
        notifySuccess('Password changed, please login again');
        navigate(paths.login);
        return;
      }
      replaceUser(data.updateProfile);
      setForm((current) => ({ ...current, password: '' }));
      notifySuccess('Profile Updated Successfully');
    } catch (error) {
      notifyError(errorMessage(error, 'Something went wrong'));
    }
  };

  return (
    <Page title="Your Profile">
      <Paper withBorder p="xl" maw={480} component="form" onSubmit={submit}>
        <Stack>
          <Title order={2}>USER PROFILE</Title>
          <TextInput label="Name" placeholder="Enter Your Name" required {...field('name')} />
          <TextInput label="Email" type="email" value={user?.email ?? ''} readOnly disabled />
          <PasswordInput
            label="Password"
            placeholder="Enter Your Password"
            description="Leave empty to keep your password"
            minLength={6}
            {...field('password')}
          />
          <TextInput
            label="Phone"
            type="tel"
            placeholder="Enter Your Phone"
            required
            {...field('phone')}
          />
          <TextInput
            label="Address"
            placeholder="Enter Your Address"
            required
            {...field('address')}
          />
          <Button type="submit" loading={loading}>
            Update
          </Button>
        </Stack>
      </Paper>
    </Page>
  );
}
