import { useLingui } from '@lingui/react/macro';
import { Button, ButtonProps } from '@mantine/core';
import { ReactNode, useState } from 'react';
import { DownloadError, downloadFile } from '../lib/download';
import { notifyError, notifySuccess } from '../lib/notify';
import { tokenRefused, useAuth } from '../session/auth';

interface DownloadButtonProps extends ButtonProps {
  /** Where the server hands the file out, e.g. /api/v1/order/export.csv?status=SHIPPED */
  url: string;
  /** The name to save it under when the server gives none. */
  fileName: string;
  /** Said when the download fails and the server gives no reason. */
  failure: string;
  children: ReactNode;
}

/** A button that downloads a file as the signed-in user, and says how it went. */
export function DownloadButton({
  url,
  fileName,
  failure,
  children,
  ...props
}: DownloadButtonProps) {
  const { t } = useLingui();
  const token = useAuth().auth?.token ?? null;
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      const saved = await downloadFile(url, token, fileName);
      notifySuccess(t`${saved} downloaded`);
    } catch (error) {
      if (error instanceof DownloadError && error.status === 401 && token) {
        tokenRefused(token);
        return;
      }
      // The server's reason when it gave one; a network failure is not something to show.
      notifyError((error instanceof DownloadError && error.message) || failure);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Button variant="default" {...props} loading={downloading} onClick={download}>
      {children}
    </Button>
  );
}
