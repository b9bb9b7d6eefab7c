import { IMPORT_FIELD_GROUPS, type ImportPreviewResponse } from '@bosun/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { PreviewStep } from './preview-step';

const preview: ImportPreviewResponse = {
  previewRows: [
    {
      rowNumber: 2,
      values: { sku: 'V-1', name: 'V-neck tee', weight: '.5', length: '24' },
      vendor_category_path: null,
      store_category_path: null,
      converted: { weight: { from: 'lbs', to: '0.2268 kg' }, length: { from: 'in', to: '60.96 cm' } },
    },
    { rowNumber: 3, values: { sku: 'K-1', name: 'Kilo weight', weight: '2', length: '' }, vendor_category_path: null, store_category_path: null },
  ],
  totalRows: 2,
  message: 'Previewing 2 of 2 rows',
  headers: ['SKU', 'Name', 'Weight (lbs)', 'Length (in)'],
  duplicateHeaders: [],
  encoding: 'utf-8',
  delimiter: ',',
  dryRun: { valid: 2, create: 2, update: 0, skip: 0, errorCount: 0, errors: [], newCategories: 0, warningCount: 0, warnings: [] },
};

describe('PreviewStep', () => {
  it("shows a converted weight or size beside the file's value ('.5 lbs → 0.2268 kg'), and other values as they are", () => {
    renderWithProviders(
      <PreviewStep
        preview={preview}
        groups={IMPORT_FIELD_GROUPS}
        mapping={{ sku: 'SKU', name: 'Name', weight: 'Weight (lbs)', length: 'Length (in)' }}
        vendorField={null}
        vendorId={1}
        updateMode={false}
        rulesSection={null}
        changesSummary={null}
        importBlocked={null}
        saveProfile={null}
        vendorChoices={{ moveVendors: false, createVendors: false }}
        onVendorChoicesChange={vi.fn()}
        badOptionalValues="warn"
        onBadOptionalValuesChange={vi.fn()}
        refreshing={false}
        previewError={null}
        mode="ultra-fast"
        onModeChange={vi.fn()}
        importing={false}
        onBack={vi.fn()}
        onImport={vi.fn()}
      />,
    );
    const [, converted, plain] = within(screen.getByRole('table', { name: 'Preview rows' })).getAllByRole('row');
    expect(within(converted!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['2', 'V-1', 'V-neck tee', '.5 lbs → 0.2268 kg', '24 in → 60.96 cm']);
    expect(within(plain!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['3', 'K-1', 'Kilo weight', '2', '']);
  });
});
