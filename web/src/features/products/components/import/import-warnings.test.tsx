import { IMPORT_FIELD_GROUPS, type ImportCompleteEvent, type ImportPreviewResponse } from '@bosun/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { importFormData } from '../../api/preview-import';
import { PreviewStep } from './preview-step';
import { ResultsStep } from './results-step';

/** Issue 19: warnings on imported rows, in the preview (with the bad-value option) and the results. */
const HEADERS = ['Variant SKU', 'Title', 'Variant Barcode'];
const BARCODE = { row: 2, column: 'Variant Barcode', value: '7501234567891', reason: 'GTIN: the check digit is wrong (dropped)' };

const preview: ImportPreviewResponse = {
  previewRows: [{ rowNumber: 2, values: { sku: 'shirt', name: 'Shirt', gtin: '7501234567891' }, vendor_category_path: null, store_category_path: null }],
  totalRows: 3,
  message: 'Previewing 1 of 3 rows',
  headers: HEADERS,
  duplicateHeaders: [],
  encoding: 'utf-8',
  delimiter: ',',
  dryRun: { valid: 3, create: 3, update: 0, skip: 0, errorCount: 0, errors: [], newCategories: 0, warningCount: 102, warnings: [BARCODE] },
};

function renderPreview(onChange = vi.fn(), badOptionalValues: 'warn' | 'fail' = 'warn') {
  renderWithProviders(
    <PreviewStep
      preview={preview}
      groups={IMPORT_FIELD_GROUPS}
      mapping={{ sku: 'Variant SKU', name: 'Title', gtin: 'Variant Barcode' }}
      vendorField={null}
      vendorId={1}
      updateMode={false}
      rulesSection={null}
      changesSummary={null}
      importBlocked={null}
      saveProfile={null}
      vendorChoices={{ moveVendors: false, createVendors: false }}
      onVendorChoicesChange={vi.fn()}
      badOptionalValues={badOptionalValues}
      onBadOptionalValuesChange={onChange}
      refreshing={false}
      previewError={null}
      mode="ultra-fast"
      onModeChange={vi.fn()}
      importing={false}
      onBack={vi.fn()}
      onImport={vi.fn()}
    />,
  );
  return onChange;
}

describe('the preview step: warnings and what a bad optional value does', () => {
  it('counts the dry run’s warnings and lists the first ones', () => {
    renderPreview();
    const dry = screen.getByRole('region', { name: 'Dry run' });
    expect(within(dry).getByText('Warnings').nextSibling?.textContent).toBe('102');
    const table = screen.getByRole('table', { name: 'Row warnings' });
    expect(within(table).getByText('GTIN: the check digit is wrong (dropped)')).toBeTruthy();
    expect(within(table).getByText('7501234567891')).toBeTruthy();
    expect(screen.getByText('Showing the first 1 of 102 warnings.')).toBeTruthy();
  });

  it("offers dropping with a warning (the default) or failing the row, and says which was chosen", async () => {
    const user = userEvent.setup();
    const onChange = renderPreview();
    const warn = screen.getByRole('radio', { name: 'Drop the value with a warning and import the rest of the row' }) as HTMLInputElement;
    const fail = screen.getByRole('radio', { name: 'Fail the row' }) as HTMLInputElement;
    expect(warn.checked).toBe(true);
    expect(fail.checked).toBe(false);
    await user.click(fail);
    expect(onChange).toHaveBeenCalledWith('fail');
  });

  it('sends the choice as the form field badOptionalValues, before the file', () => {
    const form = importFormData({ file: new File(['x'], 'a.csv'), fieldMapping: {}, updateMode: false, vendorId: 1, badOptionalValues: 'fail' });
    expect(form.get('badOptionalValues')).toBe('fail');
    expect([...form.keys()].indexOf('badOptionalValues')).toBeLessThan([...form.keys()].indexOf('csvFile'));
  });
});

describe('the results step: warnings', () => {
  const result: ImportCompleteEvent = {
    type: 'complete', total: 3, imported: 3, updated: 0, skipped: 0, errors: [], errorCount: 0, errorRows: [],
    warningCount: 2,
    warnings: ['Row 2: Variant Barcode: GTIN: the check digit is wrong (dropped)', "Row 2: Categories: several store categories: kept 'A', not kept 'B' (a product has one store category)"],
    warningRows: [{ row: 2, cells: ['shirt', 'Shirt', '7501234567891'], reasons: ['Row 2: Variant Barcode: GTIN: the check digit is wrong (dropped)', "Row 2: Categories: several store categories: kept 'A', not kept 'B' (a product has one store category)"] }],
    headers: HEADERS, message: 'Import complete: 3 imported, 0 updated, 0 skipped, 0 errors, 2 warnings', totalProducts: 3, totalVariations: 0, processingRate: 100, processingTime: 30,
  };

  it('lists the warnings and downloads the rows as the file had them, the dropped value kept, with their warnings', async () => {
    const user = userEvent.setup();
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:warnings';
    });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderWithProviders(<ResultsStep result={result} fileName="shopify.csv" onClose={vi.fn()} />);
    expect(screen.getByRole('region', { name: 'Import result' }).textContent).toContain('Warnings2');
    // A catalogue without variations is not told it has none.
    expect(screen.getByRole('region', { name: 'Import result' }).textContent).not.toContain('Variations in catalogue');
    expect(within(screen.getByRole('list', { name: 'Import warnings' })).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Download error rows' })).toBeNull();
    await user.click(screen.getByRole('button', { name: /^Download warnings/ }));
    expect(names).toEqual(['shopify_warnings.csv']);
    const lines = (await blobs[0]!.text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Variant SKU,Title,Variant Barcode,Warnings');
    expect(lines[1]).toBe('shirt,Shirt,7501234567891,"Row 2: Variant Barcode: GTIN: the check digit is wrong (dropped)\nRow 2: Categories: several store categories: kept \'A\', not kept \'B\' (a product has one store category)"');
  });

  it('offers no warnings file when no row has warnings', () => {
    renderWithProviders(<ResultsStep result={{ ...result, warningCount: 0, warnings: [], warningRows: [] }} fileName="shopify.csv" onClose={vi.fn()} />);
    expect(screen.queryByRole('button', { name: /^Download warnings/ })).toBeNull();
  });
});
