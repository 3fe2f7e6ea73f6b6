import {
  Alert,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  ScrollArea,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { PRODUCT_IMPORT_LIMITS } from '@shop/rules';
import { useEffect, useRef, useState } from 'react';
import { DownloadButton } from '../../../components/DownloadButton';
import { TableHead } from '../../../components/TableHead';
import {
  useImportProductsMutation,
  useLatestProductImportQuery,
  usePreviewProductImportMutation,
} from '../../../gql/admin-hooks';
import type {
  ImportAction,
  ImportJobState,
  PreviewProductImportMutation,
  ProductImportErrorFieldsFragment,
  ProductImportJobFieldsFragment,
} from '../../../gql/graphql';
import { formatDateTime } from '../../../lib/dates';
import { errorMessage, notifyError, notifySuccess } from '../../../lib/notify';
import { ADMIN_FILES } from '../list-views';
import { PRODUCTS } from '../messages';

type Preview = PreviewProductImportMutation['previewProductImport'];

const ACTIONS: Record<ImportAction, { label: string; color: string }> = {
  CREATE: { label: 'Create', color: 'teal.9' },
  UPDATE: { label: 'Update', color: 'blue.9' },
  UNCHANGED: { label: 'Unchanged', color: 'gray.7' },
};

function ImportErrors({ errors }: { errors: ProductImportErrorFieldsFragment[] }) {
  return (
    <Alert color="red" title={PRODUCTS.problems(errors.length)} data-testid="import-errors">
      <Table>
        <TableHead columns={['Line', 'Field', 'Problem']} />
        <Table.Tbody>
          {errors.map((error, index) => (
            <Table.Tr key={index} data-testid="import-error">
              <Table.Td>{error.line}</Table.Td>
              <Table.Td>{error.field ?? ''}</Table.Td>
              <Table.Td>{error.message}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Alert>
  );
}

function ImportRows({ rows }: { rows: Preview['rows'] }) {
  return (
    // A long preview scrolls: the keyboard can scroll it too, once it has the focus.
    <ScrollArea.Autosize
      mah={420}
      type="auto"
      viewportProps={{
        tabIndex: 0,
        className: 'mantine-focus-auto',
        'aria-label': 'Import preview',
      }}
    >
      <Table striped>
        <TableHead columns={['Line', 'Slug', 'Action', 'Changes']} />
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.line} data-testid="import-row">
              <Table.Td>{row.line}</Table.Td>
              <Table.Td>{row.slug}</Table.Td>
              <Table.Td>
                <Badge color={ACTIONS[row.action].color}>{ACTIONS[row.action].label}</Badge>
              </Table.Td>
              <Table.Td>
                {row.changes.map((change) => (
                  <Text key={change} size="sm">
                    {change}
                  </Text>
                ))}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}

/** How often the outcome of a running import is asked for. */
const RUNNING_POLL_MS = 2_000;
const ENDED: readonly ImportJobState[] = ['DONE', 'UNDONE'];

/**
 * The latest import and its outcome, as the server keeps it: also one a restart of the shop
 * finished or undid, and one still running (asked for again until it ends).
 */
function LatestImport({ job }: { job: ProductImportJobFieldsFragment }) {
  const color = job.state === 'DONE' ? 'teal' : job.state === 'UNDONE' ? 'red' : 'blue';
  return (
    <Alert
      color={color}
      mt="md"
      title={PRODUCTS.lastImport(job.fileName, formatDateTime(job.startedAt))}
      data-testid="latest-import"
    >
      <Text size="sm">
        {PRODUCTS.jobState[job.state]}{' '}
        {job.state === 'DONE' && PRODUCTS.jobCounts(job.created, job.updated, job.unchanged)}
      </Text>
      {job.errors.map((error, index) => (
        <Text key={index} size="sm">
          {error.message}
        </Text>
      ))}
      {job.recoveredAt && (
        <Text size="sm" c="dimmed">
          {PRODUCTS.recovered}
        </Text>
      )}
    </Alert>
  );
}

/**
 * The catalogue as CSV: export it, download a sample, or import a file: the server first
 * says what the file would change and what is wrong with it, and writes it (all of it, or
 * nothing) only once the admin applies a file without problems.
 */
export function ProductImport({ onImported }: { onImported(): void }) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const resetChooser = useRef<() => void>(null);
  const [previewImport, previewing] = usePreviewProductImportMutation();
  const [importProducts, importing] = useImportProductsMutation();
  const latest = useLatestProductImportQuery({ fetchPolicy: 'cache-and-network' });
  const latestJob = latest.data?.productImports[0];
  const running = latestJob !== undefined && !ENDED.includes(latestJob.state);
  const { startPolling, stopPolling } = latest;
  useEffect(() => {
    if (running) startPolling(RUNNING_POLL_MS);
    else stopPolling();
    return stopPolling;
  }, [running, startPolling, stopPolling]);

  const close = () => {
    setFile(null);
    setPreview(null);
    resetChooser.current?.();
  };

  const choose = async (chosen: File | null) => {
    if (!chosen) return;
    if (chosen.size > PRODUCT_IMPORT_LIMITS.maxBytes) {
      notifyError(PRODUCT_IMPORT_LIMITS.tooLarge);
      close();
      return;
    }
    setPreview(null);
    setFile(chosen);
    try {
      const { data } = await previewImport({ variables: { file: chosen } });
      if (data) setPreview(data.previewProductImport);
    } catch (error) {
      notifyError(errorMessage(error, PRODUCTS.previewFailure));
      close();
    }
  };

  const apply = async () => {
    if (!file) return;
    try {
      const { data } = await importProducts({ variables: { file } });
      if (!data) return;
      const result = data.importProducts;
      // The outcome shown below the buttons; the import's own answer is what counts here.
      if (result.job) latest.refetch().catch(() => undefined);
      if (result.errors.length > 0) {
        // The catalogue changed since the preview: the file is refused as a whole.
        setPreview((shown) => shown && { ...shown, errors: result.errors });
        notifyError(PRODUCTS.refused);
        return;
      }
      notifySuccess(PRODUCTS.applied(result.created, result.updated, result.unchanged));
      close();
      onImported();
    } catch (error) {
      notifyError(errorMessage(error, PRODUCTS.importFailure));
    }
  };

  return (
    <Card withBorder mb="lg">
      <Group gap="sm">
        <DownloadButton
          url={ADMIN_FILES.productsCsv}
          fileName="products.csv"
          failure={PRODUCTS.exportFailure}
        >
          {PRODUCTS.exportCsv}
        </DownloadButton>
        <FileButton onChange={choose} accept=".csv,text/csv" resetRef={resetChooser}>
          {(props) => (
            <Button {...props} loading={previewing.loading}>
              {PRODUCTS.importCsv}
            </Button>
          )}
        </FileButton>
        <DownloadButton
          url={ADMIN_FILES.productImportSample}
          fileName="products-sample.csv"
          failure={PRODUCTS.sampleFailure}
          variant="subtle"
        >
          {PRODUCTS.sampleCsv}
        </DownloadButton>
      </Group>
      <Text size="sm" c="dimmed" mt="xs">
        {PRODUCTS.importHint}
      </Text>
      {latestJob && <LatestImport job={latestJob} />}
      {file && preview && (
        <Stack mt="md" data-testid="import-preview">
          <Title order={3} size="h4">
            {PRODUCTS.previewOf(file.name)}
          </Title>
          <Text>{PRODUCTS.summary(preview.creates, preview.updates, preview.unchanged)}</Text>
          {preview.errors.length > 0 && <ImportErrors errors={preview.errors} />}
          {preview.rows.length > 0 && <ImportRows rows={preview.rows} />}
          <Group>
            <Button
              onClick={apply}
              disabled={preview.errors.length > 0}
              loading={importing.loading}
            >
              {PRODUCTS.apply}
            </Button>
            <Button variant="default" onClick={close}>
              {PRODUCTS.cancel}
            </Button>
          </Group>
        </Stack>
      )}
    </Card>
  );
}
