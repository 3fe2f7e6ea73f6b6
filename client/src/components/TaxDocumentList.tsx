import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Stack, Text, Title } from '@mantine/core';
import type { TaxDocumentFieldsFragment } from '../gql/graphql';
import { formatINR } from '../lib/money';
import { DownloadButton } from './DownloadButton';

const KIND: Partial<Record<string, MessageDescriptor>> = {
  invoice: msg`Tax invoice`,
  'credit-note': msg`Credit note`,
};

/**
 * An order's tax invoice and credit notes, each downloaded as PDF by its buyer or the admin;
 * nothing while none is issued (an order is invoiced once paid, or sent when paid in cash).
 */
export function TaxDocumentList({ documents }: { documents: TaxDocumentFieldsFragment[] }) {
  const { t, i18n } = useLingui();
  if (documents.length === 0) return null;
  return (
    <Stack gap="xs" mt="md" data-testid="tax-documents">
      <Title order={4}>
        <Trans>Invoices</Trans>
      </Title>
      {documents.map((document) => {
        const known = KIND[document.kind];
        const kind = known ? i18n._(known) : document.kind;
        const kindName = kind.toLowerCase();
        const number = document.number;
        return (
          <Group key={document.id} justify="space-between" wrap="wrap">
            <Text size="sm">
              {kind} {document.number} · {formatINR(document.total)}
            </Text>
            <DownloadButton
              url={document.pdfUrl}
              fileName={`${document.number.replaceAll('/', '-')}.pdf`}
              failure={t`The PDF could not be downloaded.`}
              size="xs"
              // Named from what it shows, then which document (WCAG 2.5.3, label in name).
              aria-label={t`Download PDF of ${kindName} ${number}`}
            >
              <Trans>Download PDF</Trans>
            </DownloadButton>
          </Group>
        );
      })}
    </Stack>
  );
}
