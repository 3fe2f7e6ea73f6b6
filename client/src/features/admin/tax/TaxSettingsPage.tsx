import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { gstinProblem } from '@shop/gstin';
import { INDIAN_STATES } from '@shop/indian-states';
import { GSTR1_FILE_LABELS, GSTR1_FILES, TAX_RULES } from '@shop/tax-rules';
import { useState } from 'react';
import { DownloadButton } from '../../../components/DownloadButton';
import { LoadStatus } from '../../../components/LoadStatus';
import { Page } from '../../../components/Page';
import type { TaxSettingsFieldsFragment, TaxSettingsQuery } from '../../../gql/graphql';
import { useTaxSettingsQuery, useUpdateTaxSettingsMutation } from '../../../gql/admin-hooks';
import { fieldRefusal, notifySuccess } from '../../../lib/notify';
import { formOf, inputOf, ratesOf, TAX, TaxFormValues } from './tax-form';

const STATE_OPTIONS = INDIAN_STATES.map((state) => ({
  value: state.code,
  label: `${state.name} (${state.code})`,
}));

type TaxClasses = TaxSettingsQuery['taxClasses'];

/**
 * The shop as a GST-registered seller: what its invoices say of it, the invoice series' prefix,
 * the class of products that name none and the rate on shipping. The GSTIN's form and check
 * character are checked as typed; the server checks every field again and names the one it
 * refuses, shown beside it.
 */
function TaxSettingsForm({
  settings,
  classes,
}: {
  settings: TaxSettingsFieldsFragment;
  classes: TaxClasses;
}) {
  const form = useForm<TaxFormValues>({
    initialValues: formOf(settings),
    validate: { gstin: (value) => (value.trim() ? gstinProblem(value) : null) },
  });
  const [refusal, setRefusal] = useState<string | null>(null);
  const [missing, setMissing] = useState(settings.missing);
  const [update, { loading }] = useUpdateTaxSettingsMutation();

  const submit = form.onSubmit(async (values) => {
    setRefusal(null);
    try {
      const { data } = await update({ variables: { input: inputOf(values) } });
      if (!data) return;
      const saved = formOf(data.updateTaxSettings);
      form.setValues(saved);
      form.resetDirty(saved);
      setMissing(data.updateTaxSettings.missing);
      notifySuccess(TAX.saved);
    } catch (error) {
      const { field, message } = fieldRefusal(error);
      if (field && field in form.values) form.setFieldError(field, message);
      else setRefusal(message);
    }
  });

  return (
    <form onSubmit={submit} aria-label={TAX.title} noValidate>
      <Stack gap="lg">
        {missing.length > 0 && (
          <Alert color="yellow" role="status">
            {TAX.missing(missing)}
          </Alert>
        )}
        <Checkbox
          label="Registered under GST"
          description="Prices include GST; each paid order gets a tax invoice"
          {...form.getInputProps('registered', { type: 'checkbox' })}
        />
        <Fieldset legend="The seller, as invoices print it">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Legal name"
              maxLength={TAX_RULES.legalName.maxLength}
              {...form.getInputProps('legalName')}
            />
            <TextInput
              label="GSTIN"
              description="15 characters; its first two digits are the state's code"
              autoComplete="off"
              spellCheck={false}
              maxLength={15}
              {...form.getInputProps('gstin')}
            />
            <Textarea
              label="Address"
              description="The principal place of business, a line each"
              autosize
              minRows={2}
              maxLength={TAX_RULES.address.maxLength}
              {...form.getInputProps('address')}
            />
            <Select
              label="State"
              searchable
              data={STATE_OPTIONS}
              {...form.getInputProps('stateCode')}
            />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend="Invoices and rates">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label="Invoice prefix"
              description="1 to 3 capitals or digits: BZ/2627/00017"
              maxLength={3}
              {...form.getInputProps('invoicePrefix')}
            />
            <Select
              label="Default tax class"
              description="For products that name none"
              data={classes.map((one) => ({ value: one.code, label: one.name }))}
              {...form.getInputProps('defaultTaxClass')}
            />
            <NumberInput
              label="GST on shipping (%)"
              description="Empty: the rate of the order's main goods"
              min={TAX_RULES.rate.min}
              max={TAX_RULES.rate.max}
              decimalScale={2}
              allowNegative={false}
              {...form.getInputProps('shippingRate')}
            />
          </SimpleGrid>
        </Fieldset>
        {refusal && (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={loading}>
            {TAX.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The classes and their dated rates, as products name them by code. */
function TaxClassTable({ classes }: { classes: TaxClasses }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Code</Table.Th>
            <Table.Th>Class</Table.Th>
            <Table.Th>Rates</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {classes.map((one) => (
            <Table.Tr key={one.code}>
              <Table.Td>
                <code>{one.code}</code>
              </Table.Td>
              <Table.Td>{one.name}</Table.Td>
              <Table.Td>
                {one.schedules.map((schedule) => (
                  <Text key={schedule.from} size="sm">
                    {ratesOf(schedule)}
                  </Text>
                ))}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A month's GSTR-1-shaped files, each downloaded as the admin. */
function ReturnsExport() {
  const [month, setMonth] = useState(() => new Date().toISOString().slice(0, 7));
  return (
    <Stack>
      <Text size="sm">{TAX.returnsHelp}</Text>
      <TextInput
        type="month"
        label="Month"
        value={month}
        onChange={(event) => setMonth(event.currentTarget.value)}
        w={200}
      />
      <Group gap="xs">
        {GSTR1_FILES.map((file) => (
          <DownloadButton
            key={file}
            url={`/api/v1/tax-documents/returns/${month}/${file}`}
            fileName={`gstr1-${month}-${file}`}
            failure={TAX.downloadFailure}
            size="xs"
            disabled={!month}
          >
            {GSTR1_FILE_LABELS[file]}
          </DownloadButton>
        ))}
      </Group>
    </Stack>
  );
}

export default function TaxSettingsPage() {
  // Never from the cache: another admin (or instance) may have changed them.
  const query = useTaxSettingsQuery({ fetchPolicy: 'network-only' });
  const data = query.data;
  return (
    <Page title={TAX.title}>
      <Title order={2} mb="md">
        {TAX.title}
      </Title>
      <LoadStatus of={query} failure={TAX.failure} />
      {data && (
        <Stack gap="xl">
          <TaxSettingsForm settings={data.taxSettings} classes={data.taxClasses} />
          <section aria-labelledby="tax-classes">
            <Title order={3} id="tax-classes" mb="sm">
              {TAX.classes}
            </Title>
            <TaxClassTable classes={data.taxClasses} />
          </section>
          <section aria-labelledby="tax-returns">
            <Title order={3} id="tax-returns" mb="sm">
              {TAX.returns}
            </Title>
            <ReturnsExport />
          </section>
        </Stack>
      )}
    </Page>
  );
}
