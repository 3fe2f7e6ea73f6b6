import { Box, Code, CopyButton, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { t } from '@lingui/core/macro';
import { formatINR } from '../lib/money';

/**
 * What the QR code and its link are called, written once for the component and its tests: each
 * worked out when read, in the language the storefront speaks then.
 */
export const UPI_QR = {
  name: (amount: number) => {
    const price = formatINR(amount);
    return t`Scan to pay ${price} with any UPI app`;
  },
  get drawing() {
    return t`Drawing the QR code…`;
  },
  get failed() {
    return t`The QR code could not be drawn: pay with the UPI link below.`;
  },
  get linkLabel() {
    return t`Or open this UPI link on a device with a UPI app:`;
  },
  get copy() {
    return t`Copy UPI link`;
  },
  get copied() {
    return t`UPI link copied`;
  },
};

/** Blank modules around the code, as the QR specification asks, so scanners find its edge. */
const QUIET_ZONE = 4;

/** The dark modules of a QR code as one SVG path, a unit square each. */
async function qrPath(link: string): Promise<{ size: number; path: string }> {
  // Loaded on demand: only a payment by UPI needs the QR encoder, not the first download.
  const { create } = await import('qrcode');
  const { modules } = create(link, { errorCorrectionLevel: 'M' });
  let path = '';
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (modules.get(row, column)) {
        path += `M${column + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
      }
    }
  }
  return { size: modules.size + QUIET_ZONE * 2, path };
}

export interface UpiQrCodeProps {
  /** The `upi://pay` link, as the server made it. */
  link: string;
  /** Rupees, as the server answered them: said in the code's name. */
  amount: number;
  /** Pixels a side. */
  size?: number;
}

/**
 * A QR code of a UPI payment link, for a payer to scan with any UPI app on their phone, and the
 * link itself below it, selectable and copyable, for a desktop user with a UPI app elsewhere.
 * Drawn as SVG (black on white, whatever the colour scheme, so every scanner reads it).
 */
export function UpiQrCode({ link, amount, size = 224 }: UpiQrCodeProps) {
  // The last link drawn, or failed to be: a new link shows the placeholder until its turn.
  const [drawing, setDrawing] = useState<{
    link: string;
    code: { size: number; path: string } | null;
  } | null>(null);

  useEffect(() => {
    let current = true;
    qrPath(link).then(
      (code) => current && setDrawing({ link, code }),
      () => current && setDrawing({ link, code: null }),
    );
    return () => {
      current = false;
    };
  }, [link]);

  const name = UPI_QR.name(amount);
  const done = drawing?.link === link ? drawing : null;
  const drawn = done?.code ?? null;
  const failed = done !== null && drawn === null;
  return (
    <Stack gap="xs" align="center">
      {drawn ? (
        <svg
          role="img"
          aria-label={name}
          width={size}
          height={size}
          viewBox={`0 0 ${drawn.size} ${drawn.size}`}
          shapeRendering="crispEdges"
          data-testid="upi-qr-code"
        >
          <rect width={drawn.size} height={drawn.size} fill="#fff" />
          <path d={drawn.path} fill="#000" />
        </svg>
      ) : failed ? (
        <Text role="alert" c="red.8" size="sm" maw={size}>
          {UPI_QR.failed}
        </Text>
      ) : (
        <Skeleton width={size} height={size} aria-label={UPI_QR.drawing} role="img" />
      )}
      <Box maw="100%">
        <Text size="sm" c="dimmed">
          {UPI_QR.linkLabel}
        </Text>
        <Code block style={{ userSelect: 'all', wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {link}
        </Code>
        <Group justify="flex-end" mt={4}>
          <CopyButton value={link}>
            {({ copied, copy }) => (
              <Button variant="subtle" size="compact-sm" onClick={copy}>
                {copied ? UPI_QR.copied : UPI_QR.copy}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Box>
    </Stack>
  );
}
