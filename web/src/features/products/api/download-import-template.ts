import { apiFetch } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-file';

/** The template is a few lines: fetched with the bearer token and saved from memory. */
export async function downloadImportTemplate(): Promise<void> {
  const response = await apiFetch('/products/import/template');
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? 'product_import_template.csv';
  saveBlob(await response.blob(), name);
}
