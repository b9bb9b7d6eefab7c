import type { WorkbookSheetsResponse } from '@bosun/shared';
import { apiFetch } from '../../../lib/api-client';
import { IMPORT_UPLOAD_TIMEOUT_MS } from './preview-import';

/**
 * An Excel workbook's sheets and the header row of `sheet` (the first visible one when unset): the
 * browser does not read .xlsx itself, the server reads it up to that row.
 */
export async function readWorkbook(file: File, sheet?: string, signal?: AbortSignal): Promise<WorkbookSheetsResponse> {
  const form = new FormData();
  if (sheet !== undefined) form.append('sheet', sheet);
  form.append('csvFile', file, file.name);
  const timeout = AbortSignal.timeout(IMPORT_UPLOAD_TIMEOUT_MS);
  const response = await apiFetch('/products/import/workbook', { method: 'POST', body: form, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
  return (await response.json()) as WorkbookSheetsResponse;
}
