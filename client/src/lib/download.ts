/** A file the server would not hand over, with the reason it gave (empty when none). */
export class DownloadError extends Error {
  constructor(
    message: string,
    /** The HTTP status: 401 when the server no longer takes the token. */
    readonly status: number,
  ) {
    super(message);
  }
}

/** `attachment; filename="orders-2026-11-25.csv"` -> orders-2026-11-25.csv */
const FILENAME = /filename="?([^";]+)"?/i;

/** Long enough for the browser to have read the file into the download it started. */
const KEEP_OBJECT_URL_MS = 60_000;

/** What a refusal's `{ success: false, message }` body says, if anything. */
async function reasonOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    return typeof body.message === 'string' ? body.message : '';
  } catch {
    return '';
  }
}

/**
 * Downloads `url` as the signed-in user: a plain link cannot send the token, so the file is
 * fetched with it and handed to the browser as a download, named as the server's
 * Content-Disposition says (or `fallbackName`). Answers the file's name; throws a
 * DownloadError with the server's reason when it refuses.
 */
export async function downloadFile(
  url: string,
  token: string | null,
  fallbackName: string,
): Promise<string> {
  const response = await fetch(url, { headers: token ? { Authorization: token } : {} });
  if (!response.ok) throw new DownloadError(await reasonOf(response), response.status);
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const name = FILENAME.exec(disposition)?.[1] ?? fallbackName;
  const objectUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), KEEP_OBJECT_URL_MS);
  return name;
}
