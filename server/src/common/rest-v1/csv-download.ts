import { Logger } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { csvWriter } from '../csv';
import { shopDay } from '../shop-days';

const logger = new Logger('CsvDownload');

/** REST v1: a call answering a CSV file to download (its errors stay JSON). */
export const ApiCsvAnswer = (description: string) =>
  ApiResponse({
    status: 200,
    description,
    content: { 'text/csv': { schema: { type: 'string', format: 'binary' } } },
  });

/**
 * Sends `rows` as a CSV attachment named `<name>-<today>.csv`, written as they come, with
 * back-pressure (the response is chunked; no row waits for the last). Once the first bytes are
 * out no error answer can follow: a failure then cuts the download short and is logged.
 */
export async function sendCsv(
  response: Response,
  name: string,
  columns: readonly string[],
  rows: Iterable<unknown[]> | AsyncIterable<unknown[]>,
): Promise<void> {
  response.setHeader('Content-Type', 'text/csv; charset=utf-8');
  response.setHeader(
    'Content-Disposition',
    `attachment; filename="${name}-${shopDay(Date.now())}.csv"`,
  );
  response.setHeader('Cache-Control', 'no-store');
  try {
    await pipeline(Readable.from(rows), csvWriter(columns), response);
  } catch (error) {
    logger.error(`A CSV download of ${name} stopped: ${String(error)}`);
    response.destroy();
  }
}
