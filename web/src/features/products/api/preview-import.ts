import type { BadOptionalValues, FieldMapping, ImportPreviewResponse, ImportProfileRules } from '@bosun/shared';
import { apiFetch } from '../../../lib/api-client';

/** SPEC §9: upload and preview may take up to five minutes on a large file. */
export const IMPORT_UPLOAD_TIMEOUT_MS = 300_000;

export interface ImportUpload {
  file: File;
  fieldMapping: FieldMapping;
  updateMode: boolean;
  vendorId: number | null;
  /** Issue 19: the file may move products between vendors; create the vendors its Vendor column names. */
  moveVendors?: boolean;
  createVendors?: boolean;
  /** What a bad optional value does to its row; the server's default is 'warn'. */
  badOptionalValues?: BadOptionalValues;
  /** An Excel workbook's sheet to read (the server reads the first visible one without it). */
  sheet?: string;
  /** Issue 22: the import profile the run goes by (recorded with it), and the rules it runs with. */
  profileId?: number;
  rules?: ImportProfileRules;
  /** The file is the vendor's full list (the missing-product rule applies); staff confirm a share above the limit. */
  fullList?: boolean;
  confirmMissing?: boolean;
}

export function importFormData(upload: ImportUpload): FormData {
  const { file, fieldMapping, updateMode, vendorId, moveVendors = false, createVendors = false, badOptionalValues, sheet } = upload;
  const form = new FormData();
  // The fields come before the file so the server knows the mapping when the rows start to stream.
  form.append('fieldMapping', JSON.stringify(fieldMapping));
  form.append('updateMode', String(updateMode));
  form.append('selectedVendor', vendorId === null ? '' : String(vendorId));
  form.append('moveVendors', String(moveVendors));
  form.append('createVendors', String(createVendors));
  if (badOptionalValues) form.append('badOptionalValues', badOptionalValues);
  if (sheet !== undefined) form.append('sheet', sheet);
  if (upload.profileId !== undefined) form.append('profileId', String(upload.profileId));
  if (upload.rules) form.append('rules', JSON.stringify(upload.rules));
  if (upload.fullList) form.append('fullList', 'true');
  if (upload.confirmMissing) form.append('confirmMissing', 'true');
  form.append('csvFile', file, file.name);
  return form;
}

/** The first mapped rows plus a dry run over the whole file. */
export async function previewImport(upload: ImportUpload, signal?: AbortSignal): Promise<ImportPreviewResponse> {
  const timeout = AbortSignal.timeout(IMPORT_UPLOAD_TIMEOUT_MS);
  const response = await apiFetch('/products/import/preview', {
    method: 'POST',
    body: importFormData(upload),
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  });
  return (await response.json()) as ImportPreviewResponse;
}
