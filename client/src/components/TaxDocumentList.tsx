import { Group, Stack, Text, Title } from '@mantine/core';
import type { TaxDocumentFieldsFragment } from '../gql/graphql';
import { formatINR } from '../lib/money';
import { DownloadButton } from './DownloadButton';

const KIND = { invoice: 'Tax invoice', 'credit-note': 'Credit note' } as const;

/**
 * An order's tax invoice and credit notes, each downloaded as PDF by its buyer or the admin;
 * nothing while none is issued (an order is invoiced once paid, or sent when paid in cash).
 */
export function TaxDocumentList({ documents }: { documents: TaxDocumentFieldsFragment[] }) {
  if (documents.length === 0) return null;
  return (
    <Stack gap="xs" mt="md" data-testid="tax-documents">
      <Title order={4}>Invoices</Title>
      {documents.map((document) => {
        const kind = KIND[document.kind as keyof typeof KIND] ?? document.kind;
        return (
          <Group key={document.id} justify="space-between" wrap="wrap">
            <Text size="sm">
              {kind} {document.number} · {formatINR(document.total)}
            </Text>
            <DownloadButton
              url={document.pdfUrl}
              fileName={`${document.number.replaceAll('/', '-')}.pdf`}
              failure="The PDF could not be downloaded."
              size="xs"
              // Named from what it shows, then which document (WCAG 2.5.3, label in name).
              aria-label={`Download PDF of ${kind.toLowerCase()} ${document.number}`}
            >
              Download PDF
            </DownloadButton>
          </Group>
        );
      })}
    </Stack>
  );
}
