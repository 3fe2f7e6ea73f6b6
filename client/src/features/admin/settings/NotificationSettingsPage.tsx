import { Alert, Button, Checkbox, Fieldset, Group, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { LoadStatus } from '../../../components/LoadStatus';
import { Page } from '../../../components/Page';
import type { NotificationSettingsFieldsFragment } from '../../../gql/graphql';
import {
  useNotificationSettingsQuery,
  useUpdateNotificationSettingsMutation,
} from '../../../gql/admin-hooks';
import { fieldRefusal, notifyError, notifySuccess } from '../../../lib/notify';

export const NOTIFICATIONS = {
  title: 'E-mail notifications',
  failure: 'The e-mail settings could not be loaded.',
  notSending:
    'The shop sends no e-mail now (MAIL_OFF, or no SMTP_URL): these settings apply once it does.',
  shopAddress: "Shop's address",
  shopAddressHint: 'New orders and low-stock alerts go here. Empty: the administrator’s address.',
  toShoppers: 'To shoppers',
  toShop: 'To the shop',
  alwaysSent: 'always sent: the shopper asked for it',
  save: 'Save',
  saved: 'E-mail settings saved',
} as const;

interface FormValues {
  shopAddress: string;
  on: Record<string, boolean>;
}

const formOf = (settings: NotificationSettingsFieldsFragment): FormValues => ({
  shopAddress: settings.shopAddress ?? '',
  on: Object.fromEntries(settings.events.map((event) => [event.event, event.on])),
});

/**
 * Which e-mails the shop sends, and where the shop's own go: one checkbox per kind of e-mail,
 * grouped by who gets it. The server checks the address and names it when refused.
 */
function NotificationSettingsForm({ settings }: { settings: NotificationSettingsFieldsFragment }) {
  const form = useForm<FormValues>({ initialValues: formOf(settings) });
  const [update, { loading }] = useUpdateNotificationSettingsMutation();

  const submit = form.onSubmit(async (values) => {
    const off = settings.events
      .filter((event) => event.optional && !values.on[event.event])
      .map((event) => event.event);
    try {
      const { data } = await update({
        variables: { input: { shopAddress: values.shopAddress.trim() || null, off } },
      });
      if (!data) return;
      const saved = formOf(data.updateNotificationSettings);
      form.setValues(saved);
      form.resetDirty(saved);
      notifySuccess(NOTIFICATIONS.saved);
    } catch (error) {
      const { field, message } = fieldRefusal(error);
      if (field === 'shopAddress') form.setFieldError('shopAddress', message);
      else notifyError(message);
    }
  });

  const group = (to: string, legend: string) => (
    <Fieldset legend={legend}>
      <Stack gap="xs">
        {settings.events
          .filter((event) => event.to === to)
          .map((event) => (
            <Checkbox
              key={event.event}
              label={event.optional ? event.label : `${event.label} (${NOTIFICATIONS.alwaysSent})`}
              disabled={!event.optional}
              {...form.getInputProps(`on.${event.event}`, { type: 'checkbox' })}
            />
          ))}
      </Stack>
    </Fieldset>
  );

  return (
    <form onSubmit={submit} aria-label={NOTIFICATIONS.title} noValidate>
      <Stack gap="lg" maw={640}>
        {!settings.sending && (
          <Alert color="yellow" role="status">
            {NOTIFICATIONS.notSending}
          </Alert>
        )}
        <TextInput
          type="email"
          label={NOTIFICATIONS.shopAddress}
          description={NOTIFICATIONS.shopAddressHint}
          placeholder={settings.shopAddressInUse}
          {...form.getInputProps('shopAddress')}
        />
        {group('buyer', NOTIFICATIONS.toShoppers)}
        {group('shop', NOTIFICATIONS.toShop)}
        <Group>
          <Button type="submit" loading={loading}>
            {NOTIFICATIONS.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export default function NotificationSettingsPage() {
  // Never from the cache: another admin may have changed them.
  const query = useNotificationSettingsQuery({ fetchPolicy: 'network-only' });
  const settings = query.data?.notificationSettings;
  return (
    <Page title={NOTIFICATIONS.title}>
      <Title order={2} mb="md">
        {NOTIFICATIONS.title}
      </Title>
      <LoadStatus of={query} failure={NOTIFICATIONS.failure} />
      {settings && <NotificationSettingsForm settings={settings} />}
    </Page>
  );
}
