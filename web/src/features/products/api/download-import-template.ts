import { apiFetch } from '../../../lib/api-client';
import { fileNameFromDisposition, saveBlob } from '../../../lib/save-file';

/** The template is a few lines: fetched with the bearer token and saved from memory. */
export async function downloadImportTemplate(): Promise<void> {
  const response = await apiFetch('/products/import/template');
  saveBlob(await response.blob(), fileNameFromDisposition(response.headers.get('Content-Disposition'), 'product_import_template.csv'));
}
