import { IMPORT_FIELD_GROUPS, IMPORT_MESSAGES, type ImportPreviewResponse } from '@bosun/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, signIn } from '../../../../test/render';
import { admin } from '../../../../test/users';
import { ImportWizard } from './import-wizard';

/** The wizard with an Excel workbook: the server reads its sheets and header row; the sheet chosen goes with the preview and the import. */
const SHEETS: Record<string, string[]> = { Products: ['SKU', 'Name', 'Price'], 'Prices 2026': ['Article', 'Title', 'Regular price'] };

function useApi(options: { workbook?: () => Response } = {}) {
  const calls: Array<{ path: string; form?: FormData }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = new URL(url, 'http://localhost').pathname;
      const form = init.body instanceof FormData ? init.body : undefined;
      calls.push({ path, form });
      if (path === '/api/products/import/fields') return jsonResponse({ fields: IMPORT_FIELD_GROUPS });
      if (path === '/api/vendors/names') return jsonResponse({ vendors: [{ id: 1, name: 'Harbour Supply' }] });
      if (path === '/api/products/import/workbook') {
        if (options.workbook) return options.workbook();
        const sheet = (form?.get('sheet') as string | null) ?? 'Products';
        return jsonResponse({ sheets: Object.keys(SHEETS), sheet, headers: SHEETS[sheet] });
      }
      if (path === '/api/products/import/preview') {
        const sheet = form?.get('sheet') as string;
        const answer: ImportPreviewResponse = {
          previewRows: [], totalRows: 2, message: 'Previewing 0 of 2 rows', headers: SHEETS[sheet]!, duplicateHeaders: [], encoding: 'utf-8', delimiter: ',',
          sheet, sheets: Object.keys(SHEETS), dryRun: { valid: 2, create: 2, update: 0, skip: 0, errorCount: 0, errors: [], warningCount: 0, warnings: [], newCategories: 0 },
        };
        return jsonResponse(answer);
      }
      return jsonResponse({ message: 'Not found' }, { status: 404 });
    }),
  );
  return calls;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const dialog = () => screen.getByRole('dialog', { name: 'Import Products from CSV' });
const select = (name: string) => within(dialog()).getByRole('combobox', { name }) as HTMLSelectElement;
const chooseWorkbook = (name = 'prices.xlsx', type = XLSX_TYPE) => {
  signIn(admin);
  renderWithProviders(<ImportWizard opened onClose={vi.fn()} vendorsAvailable canCreateVendor />);
  fireEvent.change(document.querySelector<HTMLInputElement>('input[type="file"]')!, { target: { files: [new File(['PK'], name, { type })] } });
};

describe('ImportWizard: an Excel workbook', () => {
  it('maps the first sheet the server read, offers the others, and sends the chosen sheet with the preview', async () => {
    const user = userEvent.setup();
    const calls = useApi();
    chooseWorkbook();
    await within(dialog()).findByRole('button', { name: 'Preview Data' });
    await waitFor(() => expect(select('SKU').value).toBe('SKU'));
    expect(select('Sheet').value).toBe('Products');
    expect(within(dialog()).getByText('Products', { selector: 'b' })).toBeTruthy();

    fireEvent.change(select('Sheet'), { target: { value: 'Prices 2026' } });
    // The other sheet's header row, mapped again.
    await waitFor(() => expect(select('List Price').value).toBe('Regular price'));
    expect(calls.filter((c) => c.path === '/api/products/import/workbook').map((c) => c.form?.get('sheet') ?? null)).toEqual([null, 'Prices 2026']);

    fireEvent.change(select('SKU'), { target: { value: 'Article' } });
    fireEvent.change(select('Product Name'), { target: { value: 'Title' } });
    await user.click(screen.getByRole('button', { name: 'Preview Data' }));
    expect(await within(dialog()).findByText("Excel sheet 'Prices 2026' (of 2 sheets)")).toBeTruthy();
    const preview = calls.find((c) => c.path === '/api/products/import/preview')!.form!;
    expect(preview.get('sheet')).toBe('Prices 2026');
    expect((preview.get('csvFile') as File).name).toBe('prices.xlsx');
  });

  it("shows the server's message for a file that is not a workbook and stays on the upload", async () => {
    useApi({ workbook: () => jsonResponse({ message: IMPORT_MESSAGES.invalidWorkbook, code: 'UNSUPPORTED_MEDIA_TYPE' }, { status: 415 }) });
    chooseWorkbook('broken.xlsx', '');
    expect(await within(dialog()).findByText(IMPORT_MESSAGES.invalidWorkbook)).toBeTruthy();
    expect(within(dialog()).queryByRole('button', { name: 'Preview Data' })).toBeNull();
  });
});
