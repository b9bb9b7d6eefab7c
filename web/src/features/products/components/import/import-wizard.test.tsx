import { IMPORT_FIELD_GROUPS, IMPORT_MESSAGES, IMPORT_PROFILE_MESSAGES, PERMISSION_MESSAGES, STOCK_AND_PRICE_FIELDS, type ImportPreviewResponse, type ImportProfile } from '@bosun/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, signIn } from '../../../../test/render';
import { admin } from '../../../../test/users';
import { rememberMapping } from './field-mapping';
import { ImportWizard } from './import-wizard';
import { VENDOR_FIRST_HINT } from './vendor-field';

interface Recorded {
  method: string;
  path: string;
  form?: FormData;
  json?: unknown;
}

function previewAnswer(overrides: Partial<ImportPreviewResponse> = {}): ImportPreviewResponse {
  return {
    previewRows: [
      {
        rowNumber: 2,
        values: { sku: 'A-1', name: 'Anchor', list_price: '19.99' },
        vendor_category_path: 'Vendor: Deck > Anchors',
        store_category_path: 'Store: Ground tackle',
        vendor_subcategory_1: 'Anchors',
      },
    ],
    totalRows: 3,
    message: 'Previewing 1 of 3 rows',
    headers: ['SKU', 'Name', 'Price', 'Vendor Category', 'Vendor Subcategory 1', 'Store Category'],
    duplicateHeaders: [],
    encoding: 'utf-8',
    delimiter: ';',
    dryRun: {
      valid: 2,
      create: 2,
      update: 0,
      skip: 0,
      errorCount: 1,
      errors: [{ row: 4, column: 'Price', value: 'abc', reason: "'abc' is not a number" }],
      newCategories: 3,
      warningCount: 0,
      warnings: [],
    },
    ...overrides,
  };
}

const sse = (events: unknown[]) =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const e of events) controller.enqueue(new TextEncoder().encode(`data: ${JSON.stringify(e)}\n\n`));
        controller.close();
      },
    }),
    { status: 200, headers: { 'Content-Type': 'text/event-stream' } },
  );

const completeEvent = {
  type: 'complete',
  total: 3,
  imported: 2,
  updated: 0,
  skipped: 0,
  errors: ["Row 4: Price: 'abc' is not a number"],
  errorCount: 1,
  errorRows: [{ row: 4, cells: ['C-3', 'Chain', 'abc', '', '', ''], reason: "Price: 'abc' is not a number" }],
  warningCount: 0,
  warnings: [],
  warningRows: [],
  headers: ['SKU', 'Name', 'Price', 'Vendor Category', 'Vendor Subcategory 1', 'Store Category'],
  message: 'Import complete: 2 imported, 0 updated, 0 skipped, 1 error',
  totalProducts: 12,
  totalVariations: 30,
  processingRate: 1500,
  processingTime: 2000,
};

interface ApiOptions {
  preview?: (form: FormData) => Response;
  importStream?: () => Response;
  fields?: () => Response;
  template?: () => Response;
  vendors?: () => Response;
  profiles?: () => Response;
}

function useApi(options: ApiOptions = {}) {
  const calls: Recorded[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const path = new URL(url, 'http://localhost').pathname;
    const method = init.method ?? 'GET';
    const form = init.body instanceof FormData ? init.body : undefined;
    const json = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, form, json });
    if (path === '/api/products/import/template')
      return (
        options.template?.() ??
        new Response('\uFEFFSKU,Name\r\n', { headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="product_import_template.csv"' } })
      );
    if (path === '/api/products/import/fields') return options.fields?.() ?? jsonResponse({ fields: IMPORT_FIELD_GROUPS });
    if (path === '/api/vendors/names' && method === 'GET') return options.vendors?.() ?? jsonResponse({ vendors: [{ id: 1, name: 'Harbour Supply' }, { id: 2, name: 'Anchor Works' }] });
    if (path === '/api/vendors' && method === 'POST') return jsonResponse({ vendor: { id: 9, name: json.name } }, { status: 201 });
    if (path === '/api/import-profiles' && method === 'GET') return options.profiles?.() ?? jsonResponse({ profiles: [] });
    if (path === '/api/products/import/preview') return options.preview?.(form!) ?? jsonResponse(previewAnswer());
    if (path.startsWith('/api/products/import/')) return options.importStream?.() ?? sse([completeEvent]);
    return jsonResponse({ message: 'Not found' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

const CSV = '\uFEFFSKU;Name;Price;Vendor Category;Vendor Subcategory 1;Store Category\nA-1;Anchor;19,99;Deck;Anchors;Ground tackle\n';
const csvFile = (text = CSV, name = 'harbour.csv', type = 'text/csv') => new File([text], name, { type });

function renderWizard() {
  signIn(admin);
  const onClose = vi.fn();
  const view = renderWithProviders(<ImportWizard opened onClose={onClose} vendorsAvailable canCreateVendor />);
  return { ...view, onClose };
}

const dialog = () => screen.getByRole('dialog', { name: 'Import Products from CSV' });
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
const select = (name: string) => within(dialog()).getByRole('combobox', { name }) as HTMLSelectElement;

async function upload(file = csvFile(), mappedSku = 'SKU') {
  fireEvent.change(fileInput(), { target: { files: [file] } });
  await within(dialog()).findByRole('button', { name: 'Preview Data' });
  // The field list arrives after the headers: wait until the automatic mapping is in.
  await waitFor(() => expect(select('Product Name').options.length).toBeGreaterThan(1));
  await waitFor(() => expect(select('SKU').value).toBe(mappedSku));
}

async function toPreview(user: ReturnType<typeof userEvent.setup>) {
  await upload();
  await user.click(screen.getByRole('button', { name: 'Preview Data' }));
  await screen.findByRole('table', { name: 'Preview rows' }, { timeout: 5000 });
}

describe('ImportWizard: upload', () => {
  it('refuses a file that is not a CSV', async () => {
    useApi();
    renderWizard();
    fireEvent.change(fileInput(), { target: { files: [new File(['x'], 'photo.png', { type: 'image/png' })] } });
    expect(await within(dialog()).findByText(IMPORT_MESSAGES.invalidFile)).toBeTruthy();
    expect(within(dialog()).queryByRole('button', { name: 'Preview Data' })).toBeNull();
  });

  it('says so when the header row cannot be read', async () => {
    useApi();
    renderWizard();
    fireEvent.change(fileInput(), { target: { files: [csvFile('"SKU,Name\n')] } });
    expect(await within(dialog()).findByText(IMPORT_MESSAGES.parseFailed)).toBeTruthy();
  });

  it('accepts a .csv without a type and auto-maps its headers', async () => {
    useApi();
    renderWizard();
    await upload(csvFile(CSV, 'harbour.csv', ''));
    expect(select('Product Name').value).toBe('Name');
    expect(select('List Price').value).toBe('Price');
    expect(select('Vendor Category').value).toBe('Vendor Category');
    expect(select('Vendor Subcategory 1').value).toBe('Vendor Subcategory 1');
    expect(select('Brand').value).toBe('');
  });
});

describe('ImportWizard: closing', () => {
  it('resets every step: opened again, it starts from the upload', async () => {
    const user = userEvent.setup();
    useApi();
    signIn(admin);
    const onClose = vi.fn();
    const view = renderWithProviders(<ImportWizard opened onClose={onClose} vendorsAvailable canCreateVendor />);
    await upload();
    await user.click(within(dialog()).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
    view.rerender(<ImportWizard opened={false} onClose={onClose} vendorsAvailable canCreateVendor />);
    view.rerender(<ImportWizard opened onClose={onClose} vendorsAvailable canCreateVendor />);
    expect(await within(dialog()).findByRole('button', { name: 'Choose CSV File' })).toBeTruthy();
    expect(within(dialog()).queryByRole('button', { name: 'Preview Data' })).toBeNull();
  });
});

describe('ImportWizard: template', () => {
  it('downloads the template with the bearer token and says so', async () => {
    const user = userEvent.setup();
    const api = useApi();
    const names: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:template');
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderWizard();
    await user.click(within(dialog()).getByRole('button', { name: 'Download Template' }));
    expect(await screen.findByText(IMPORT_MESSAGES.templateOk)).toBeTruthy();
    expect(names).toEqual(['product_import_template.csv']);
    const call = api.fetchMock.mock.calls.find(([url]) => url === '/api/products/import/template')!;
    expect(new Headers(call[1]!.headers).get('Authorization')).toBe('Bearer token-1');
  });

  it('shows why the template could not be downloaded', async () => {
    const user = userEvent.setup();
    useApi({ template: () => jsonResponse({ message: 'Access denied' }, { status: 403, statusText: 'Forbidden' }) });
    renderWizard();
    await user.click(within(dialog()).getByRole('button', { name: 'Download Template' }));
    expect(await screen.findByText(IMPORT_MESSAGES.templateFailed('Access denied'))).toBeTruthy();
  });
});

describe('ImportWizard: mapping', () => {
  it('maps a column to one field at most and keeps the summary up to date', async () => {
    useApi();
    renderWizard();
    await upload();
    const summary = within(dialog()).getByRole('region', { name: 'Mapping summary' });
    expect(summary.textContent).toContain('6 of 6 columns used');

    fireEvent.change(select('MFN'), { target: { value: 'SKU' } });
    expect(select('MFN').value).toBe('SKU');
    expect(select('SKU').value).toBe('');
    expect(summary.textContent).toContain('SKU and Product Name should be mapped');

    fireEvent.change(select('MFN'), { target: { value: '' } });
    expect(summary.textContent).toContain('5 of 6 columns used');
    expect(summary.textContent).toContain('Not imported (unmapped columns):');
    expect(within(summary).getByText('SKU')).toBeTruthy();
  });

  it('disables Preview Data while nothing is mapped', async () => {
    useApi();
    renderWizard();
    await upload(csvFile('Foo,Bar\n1,2\n'), '');
    const preview = within(dialog()).getByRole('button', { name: 'Preview Data' }) as HTMLButtonElement;
    expect(preview.disabled).toBe(true);
    fireEvent.change(select('SKU'), { target: { value: 'Foo' } });
    expect(preview.disabled).toBe(false);
  });

  it('shows the error when the field list cannot be loaded', async () => {
    useApi({ fields: () => jsonResponse({ message: 'Database is down' }, { status: 500, statusText: 'Internal Server Error' }) });
    renderWizard();
    fireEvent.change(fileInput(), { target: { files: [csvFile()] } });
    expect(await within(dialog()).findByText(IMPORT_MESSAGES.fieldsFailed('Database is down'))).toBeTruthy();
  });

  it('sends the mapping, keeps it for the vendor and header row, and applies it next time', async () => {
    const user = userEvent.setup();
    const api = useApi();
    const first = renderWizard();
    await upload();
    await waitFor(() => expect(select('Vendor').options.length).toBe(3));
    fireEvent.change(select('Vendor'), { target: { value: '2' } });
    fireEvent.change(select('Brand'), { target: { value: 'Store Category' } });
    await user.click(screen.getByRole('button', { name: 'Preview Data' }));
    await screen.findByRole('table', { name: 'Preview rows' });

    const form = api.calls.find((c) => c.path === '/api/products/import/preview')!.form!;
    expect(JSON.parse(form.get('fieldMapping') as string)).toMatchObject({ sku: 'SKU', name: 'Name', brand: 'Store Category' });
    expect(JSON.parse(form.get('fieldMapping') as string).store_category).toBeUndefined();
    expect(form.get('selectedVendor')).toBe('2');
    expect(form.get('updateMode')).toBe('false');
    expect((form.get('csvFile') as File).name).toBe('harbour.csv');
    first.unmount();

    renderWizard();
    await upload();
    expect(select('Brand').value).toBe('');
    await waitFor(() => expect(select('Vendor').options.length).toBe(3));
    fireEvent.change(select('Vendor'), { target: { value: '2' } });
    expect(select('Brand').value).toBe('Store Category');
  });

  it('says when the mapping is the one remembered for the vendor, with its date, and resets to the automatic one', async () => {
    useApi();
    const headers = ['SKU', 'Name', 'Price', 'Vendor Category', 'Vendor Subcategory 1', 'Store Category'];
    rememberMapping(1, headers, { sku: 'SKU', name: 'Name', brand: 'Price' }, new Date('2026-03-04T12:00:00Z'));
    renderWizard();
    await upload();
    // Until a vendor is chosen the step asks for it first, and says nothing about a remembered mapping.
    expect(within(dialog()).getByText(VENDOR_FIRST_HINT)).toBeTruthy();
    expect(within(dialog()).queryByRole('status', { name: 'Remembered mapping' })).toBeNull();
    await waitFor(() => expect(select('Vendor').options.length).toBe(3));
    fireEvent.change(select('Vendor'), { target: { value: '1' } });
    expect(select('Brand').value).toBe('Price');
    const notice = within(dialog()).getByRole('status', { name: 'Remembered mapping' });
    expect(notice.textContent).toContain('Mapping remembered from the last import for Harbour Supply on Mar 4, 2026.');
    expect(within(dialog()).queryByText(VENDOR_FIRST_HINT)).toBeNull();

    fireEvent.click(within(notice).getByRole('button', { name: 'Reset to automatic mapping' }));
    expect(select('Brand').value).toBe('');
    expect(select('List Price').value).toBe('Price');
    expect(within(dialog()).queryByRole('status', { name: 'Remembered mapping' })).toBeNull();
  });

  it('applies the remembered mapping for a vendor chosen on the preview, says so, and previews with it', async () => {
    const user = userEvent.setup();
    const api = useApi();
    const headers = ['SKU', 'Name', 'Price', 'Vendor Category', 'Vendor Subcategory 1', 'Store Category'];
    rememberMapping(1, headers, { sku: 'SKU', name: 'Name', brand: 'Store Category' }, new Date('2026-03-04T12:00:00Z'));
    renderWizard();
    await toPreview(user);
    await waitFor(() => expect(select('Vendor').options.length).toBe(3));
    fireEvent.change(select('Vendor'), { target: { value: '1' } });
    await screen.findByText('Mapping remembered from the last import for Harbour Supply on Mar 4, 2026. The preview uses it.');
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/api/products/import/preview')).toHaveLength(2));
    const second = api.calls.filter((c) => c.path === '/api/products/import/preview')[1]!.form!;
    expect(JSON.parse(second.get('fieldMapping') as string)).toEqual({ sku: 'SKU', name: 'Name', brand: 'Store Category' });
    expect(second.get('selectedVendor')).toBe('1');
  });
});

describe('ImportWizard: create vendor', () => {
  it('needs a name, creates the vendor on Enter and selects it', async () => {
    const user = userEvent.setup();
    const api = useApi();
    renderWizard();
    await upload();
    await user.click(within(dialog()).getByRole('button', { name: 'Create New Vendor' }));
    const modal = await screen.findByRole('dialog', { name: 'Create New Vendor' });
    const create = within(modal).getByRole('button', { name: 'Create' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    const name = within(modal).getByRole('textbox', { name: /Vendor Name/ });
    await user.type(name, '   ');
    expect(create.disabled).toBe(true);
    await user.clear(name);
    await user.type(name, 'Bluewater Marine{Enter}');

    expect(await screen.findByText('Vendor "Bluewater Marine" created successfully')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST' && c.path === '/api/vendors')!.json).toEqual({
      name: 'Bluewater Marine',
      email: '',
      phone: '',
      address: '',
      status: 'active',
    });
    await waitFor(() => expect(select('Vendor').value).toBe('9'));
  });
});

describe('ImportWizard: preview', () => {
  it('shows the mapped rows, paths, dry run and row errors', async () => {
    const user = userEvent.setup();
    useApi();
    renderWizard();
    await toPreview(user);
    const table = screen.getByRole('table', { name: 'Preview rows' });
    expect(within(table).getByText('Vendor: Deck > Anchors')).toBeTruthy();
    expect(within(table).getByText('Store: Ground tackle')).toBeTruthy();
    expect(within(table).getByText('Anchors').className).toMatch(/subcategory/);
    expect(within(dialog()).getByText(/Total rows:/).textContent).toContain('3');
    expect(within(dialog()).getByText(/Mapped fields:/).textContent).toContain('6');
    expect(within(dialog()).getByText(/semicolon delimited/)).toBeTruthy();
    const errors = screen.getByRole('table', { name: 'Row errors' });
    expect(within(errors).getByText("'abc' is not a number")).toBeTruthy();
    const dry = screen.getByRole('region', { name: 'Dry run' });
    expect(within(dry).getByText('New categories').nextSibling?.textContent).toBe('3');
  });

  it('warns about column names the file has twice', async () => {
    const user = userEvent.setup();
    const headers = ['SKU', 'Name', 'Price', 'Vendor Category', 'Vendor Subcategory 1', 'Store Category', 'Price'];
    useApi({ preview: () => jsonResponse(previewAnswer({ headers, duplicateHeaders: ['Price'] })) });
    renderWizard();
    await toPreview(user);
    expect(within(dialog()).getByText("2 columns are named 'Price': only the first of them is read")).toBeTruthy();
  });

  it('shows no duplicate warning for distinct column names', async () => {
    const user = userEvent.setup();
    useApi();
    renderWizard();
    await toPreview(user);
    expect(within(dialog()).queryByText('Duplicate column names')).toBeNull();
  });

  it('keeps the message and toasts when the preview fails', async () => {
    const user = userEvent.setup();
    useApi({ preview: () => jsonResponse({ message: "The file has no column 'Price'" }, { status: 400, statusText: 'Bad Request' }) });
    renderWizard();
    await upload();
    await user.click(screen.getByRole('button', { name: 'Preview Data' }));
    expect(await within(dialog()).findByText("Error previewing data: The file has no column 'Price'")).toBeTruthy();
    expect(screen.getAllByText(IMPORT_MESSAGES.previewFailed).length).toBeGreaterThan(0);
  });

  it('needs a vendor before Import Data', async () => {
    const user = userEvent.setup();
    useApi();
    renderWizard();
    await toPreview(user);
    const importButton = screen.getByRole('button', { name: 'Import Data' }) as HTMLButtonElement;
    expect(importButton.disabled).toBe(true);
    // Said beside the button, and as the disabled button's own description (issue 24).
    expect(within(dialog()).getByText(IMPORT_MESSAGES.selectVendorInline, { selector: 'p' })).toBeTruthy();
    expect(document.getElementById(importButton.getAttribute('aria-describedby')!)?.textContent).toBe(IMPORT_MESSAGES.selectVendorInline);
    await waitFor(() => expect(select('Vendor').options.length).toBe(3));
    fireEvent.change(select('Vendor'), { target: { value: '1' } });
    // The dry run counts again for the vendor chosen (which rows belong to other vendors, issue 19).
    await waitFor(() => expect((screen.getByRole('button', { name: 'Import Data' }) as HTMLButtonElement).disabled).toBe(false));
    expect(within(dialog()).queryByText(IMPORT_MESSAGES.selectVendorInline)).toBeNull();
  });

  it('runs the dry run again for the vendor chosen on the preview', async () => {
    const user = userEvent.setup();
    const api = useApi();
    renderWizard();
    await toPreview(user);
    await waitFor(() => expect(select('Vendor').options.length).toBe(3));
    fireEvent.change(select('Vendor'), { target: { value: '2' } });
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/api/products/import/preview').map((c) => c.form!.get('selectedVendor'))).toEqual(['', '2']));
  });

  it('estimates the time from the mode’s rate and warns about standard mode above 1000 rows', async () => {
    const user = userEvent.setup();
    useApi({ preview: () => jsonResponse(previewAnswer({ totalRows: 200_000 })) });
    renderWizard();
    await toPreview(user);
    expect(within(dialog()).getByText(/Estimated time:/).textContent).toContain('about 43 seconds');
    expect(within(dialog()).queryByText(IMPORT_MESSAGES.standardWarning)).toBeNull();
    await user.click(within(dialog()).getByRole('radio', { name: /Standard/ }));
    expect(within(dialog()).getByText(/Estimated time:/).textContent).toContain('about 2.0 minutes');
    expect(within(dialog()).getByText(IMPORT_MESSAGES.standardWarning)).toBeTruthy();
    // SPEC §5 and §9's words: ultra-fast is '10 times faster', and what each mode is for.
    expect(IMPORT_MESSAGES.standardWarning).toContain('choose ultra-fast: it is 10 times faster');
    expect(within(dialog()).getByText(/For 10,000\+ products: 10,000\+ in under 60 seconds/)).toBeTruthy();
    expect(within(dialog()).getByText(/For 1,000 to 10,000 products, with real-time progress/)).toBeTruthy();
    expect(within(dialog()).getByText(/For small datasets \(best under 1,000 products\), with detailed validation/)).toBeTruthy();
  });

  it('does not warn about standard mode for 1000 rows', async () => {
    const user = userEvent.setup();
    useApi({ preview: () => jsonResponse(previewAnswer({ totalRows: 1000 })) });
    renderWizard();
    await toPreview(user);
    await user.click(within(dialog()).getByRole('radio', { name: /Standard/ }));
    expect(within(dialog()).queryByText(IMPORT_MESSAGES.standardWarning)).toBeNull();
  });

  it('runs the dry run again when update mode changes', async () => {
    const user = userEvent.setup();
    const api = useApi({
      preview: (form) =>
        jsonResponse(previewAnswer(form.get('updateMode') === 'true' ? { dryRun: { ...previewAnswer().dryRun, create: 0, update: 2 } } : {})),
    });
    renderWizard();
    await toPreview(user);
    await user.click(within(dialog()).getByRole('switch', { name: /Update existing products/ }));
    const dry = screen.getByRole('region', { name: 'Dry run' });
    await waitFor(() => expect(within(dry).getByText('Update').nextSibling?.textContent).toBe('2'));
    const previews = api.calls.filter((c) => c.path === '/api/products/import/preview');
    expect(previews.map((c) => c.form!.get('updateMode'))).toEqual(['false', 'true']);
  });

  it('runs the dry run again when the choice for bad optional values changes, and imports with it', async () => {
    const user = userEvent.setup();
    const api = useApi({
      preview: (form) => jsonResponse(previewAnswer(form.get('badOptionalValues') === 'fail' ? { dryRun: { ...previewAnswer().dryRun, errorCount: 4 } } : {})),
    });
    renderWizard();
    await toPreview(user);
    await user.click(within(dialog()).getByRole('radio', { name: 'Fail the row' }));
    const dry = screen.getByRole('region', { name: 'Dry run' });
    await waitFor(() => expect(within(dry).getByText('Errors').nextSibling?.textContent).toBe('4'));
    const previews = api.calls.filter((c) => c.path === '/api/products/import/preview');
    expect(previews.map((c) => c.form!.get('badOptionalValues'))).toEqual(['warn', 'fail']);
    await waitFor(() => expect(select('Vendor').options.length).toBe(3));
    fireEvent.change(select('Vendor'), { target: { value: '1' } });
    await user.click(screen.getByRole('button', { name: 'Import Data' }));
    await screen.findByRole('region', { name: 'Import result' });
    expect(api.calls.find((c) => c.path === '/api/products/import/ultra-fast')!.form!.get('badOptionalValues')).toBe('fail');
  });
});

describe('ImportWizard: import and results', () => {
  async function startImport(user: ReturnType<typeof userEvent.setup>) {
    await toPreview(user);
    await waitFor(() => expect(select('Vendor').options.length).toBe(3));
    fireEvent.change(select('Vendor'), { target: { value: '1' } });
    await user.click(screen.getByRole('button', { name: 'Import Data' }));
  }

  it('shows progress from the stream, then every figure of the result, and refreshes the list on close', async () => {
    const user = userEvent.setup();
    let push: (event: unknown) => void = () => {};
    let end: () => void = () => {};
    const api = useApi({
      importStream: () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              push = (e) => controller.enqueue(new TextEncoder().encode(`data: ${JSON.stringify(e)}\n\n`));
              end = () => controller.close();
            },
          }),
          { status: 200 },
        ),
    });
    const { queryClient, onClose } = renderWizard();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await startImport(user);

    expect(await screen.findByRole('button', { name: 'Importing...' })).toBeTruthy();
    const overlay = await screen.findByRole('status', { name: 'Import progress' });
    expect(overlay.textContent).toContain('Preparing import...');
    push({ type: 'progress', current: 0, total: 0, imported: 0, updated: 0, skipped: 0, errors: 0, processingRate: 0, currentProduct: '', waiting: true, message: IMPORT_MESSAGES.waiting });
    await waitFor(() => expect(overlay.textContent).toContain(IMPORT_MESSAGES.waiting));
    push({ type: 'progress', current: 2, total: 3, imported: 1, updated: 0, skipped: 0, errors: 1, processingRate: 1500, currentProduct: 'A-1' });
    await waitFor(() => expect(overlay.textContent).toContain('Processing 2 of 3 products'));
    expect(overlay.textContent).toContain('Imported 1 · Updated 0 · Skipped 0 · Errors 1');
    expect(overlay.textContent).toContain('1,500 rows/s · Current: A-1');
    expect(within(overlay).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('67');
    push(completeEvent);
    end();

    const result = await screen.findByRole('region', { name: 'Import result' });
    for (const text of ['Total rows3', 'Imported2', 'Errors1', 'Products in catalogue12', 'Variations in catalogue30', 'Rate1,500 rows/s', 'Time2.0 s']) {
      expect(result.textContent).toContain(text);
    }
    expect(within(dialog()).getByText("Row 4: Price: 'abc' is not a number")).toBeTruthy();
    const importCall = api.calls.find((c) => c.path === '/api/products/import/ultra-fast')!;
    expect(importCall.form!.get('selectedVendor')).toBe('1');

    invalidate.mockClear();
    await user.click(screen.getByRole('button', { name: 'Close & Refresh' }));
    expect(onClose).toHaveBeenCalled();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['products', 'list'] });
  });

  it('downloads the failed rows as a CSV', async () => {
    const user = userEvent.setup();
    useApi();
    renderWizard();
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:errors';
    });
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });
    await startImport(user);
    await user.click(await screen.findByRole('button', { name: 'Download rows not imported (1)' }));
    expect(clicks[0]!.download).toBe('harbour_rows_not_imported.csv');
    const text = await blobs[0]!.text();
    expect(text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('SKU,Name,Price,Vendor Category,Vendor Subcategory 1,Store Category,Outcome,Reason');
    expect(text).toContain("C-3,Chain,abc,,,,error,Price: 'abc' is not a number");
  });

  it('raises an error event as a toast and stays on the preview', async () => {
    const user = userEvent.setup();
    useApi({ importStream: () => sse([{ type: 'error', message: 'Another import failed the lock' }]) });
    renderWizard();
    await startImport(user);
    expect(await screen.findByText('Another import failed the lock', {}, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Import Data' })).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Import progress' })).toBeNull();
  });

  it('shows the server’s message, or HTTP status, for a refused import', async () => {
    const user = userEvent.setup();
    useApi({ importStream: () => new Response('', { status: 502, statusText: 'Bad Gateway' }) });
    renderWizard();
    await startImport(user);
    expect(await screen.findByText('HTTP 502: Bad Gateway', {}, { timeout: 5000 })).toBeTruthy();
  });
});

describe('ImportWizard: vendors (issue 19)', () => {
  const vendorDryRun = (form: FormData) => {
    const create = form.get('createVendors') === 'true';
    const move = form.get('moveVendors') === 'true';
    return jsonResponse(
      previewAnswer({
        dryRun: {
          ...previewAnswer().dryRun,
          create: create ? 3 : 0,
          update: move ? 2 : 0,
          skip: move ? 0 : 2,
          errorCount: create ? 0 : 3,
          newVendors: [{ name: 'Deepwater Supply', rows: 2 }, { name: 'Blue Water', rows: 1 }],
          otherVendor: { rows: 2, vendors: ['Anchor Works'] },
        },
      }),
    );
  };

  it('asks before creating the vendors the file names and before moving other vendors’ products, and sends both answers', async () => {
    const user = userEvent.setup();
    const api = useApi({ preview: vendorDryRun });
    renderWizard();
    await toPreview(user);
    const create = await within(dialog()).findByRole('checkbox', { name: 'Create 2 new vendors: Deepwater Supply, Blue Water' });
    expect(within(dialog()).getByText(/the 3 rows naming them are not imported: each is a row error/)).toBeTruthy();
    expect(within(dialog()).getByText('2 rows of this file belong to other vendors')).toBeTruthy();
    const move = within(dialog()).getByRole('checkbox', { name: 'Let this file move products between vendors' });
    expect(within(dialog()).getByText(/these rows are skipped with the reason 'SKU … belongs to vendor …' \(now Anchor Works\)/)).toBeTruthy();

    await user.click(create);
    await waitFor(() => expect(within(dialog()).getByText('The 3 rows naming them are imported under the new vendors.')).toBeTruthy());
    await user.click(within(dialog()).getByRole('checkbox', { name: 'Let this file move products between vendors' }));
    await waitFor(() => expect(within(dialog()).getByText(/move to the vendor of their row/)).toBeTruthy());
    const dry = screen.getByRole('region', { name: 'Dry run' });
    await waitFor(() => expect(within(dry).getByText('Update').nextSibling?.textContent).toBe('2'));
    const previews = api.calls.filter((c) => c.path === '/api/products/import/preview');
    expect(previews.map((c) => [c.form!.get('createVendors'), c.form!.get('moveVendors')])).toEqual([['false', 'false'], ['true', 'false'], ['true', 'true']]);
    expect(move).toBeTruthy();

    await waitFor(() => expect(select('Vendor').options.length).toBe(3));
    fireEvent.change(select('Vendor'), { target: { value: '1' } });
    await waitFor(() => expect(within(dialog()).getByRole('button', { name: 'Import Data' }).hasAttribute('disabled')).toBe(false));
    await user.click(within(dialog()).getByRole('button', { name: 'Import Data' }));
    await screen.findByText('Import complete', {}, { timeout: 5000 });
    const importCall = api.calls.find((c) => c.path === '/api/products/import/ultra-fast')!;
    expect([importCall.form!.get('createVendors'), importCall.form!.get('moveVendors')]).toEqual(['true', 'true']);
  });

  it('shows no vendor question when the dry run found no new vendor and no other vendor’s row', async () => {
    const user = userEvent.setup();
    useApi();
    renderWizard();
    await toPreview(user);
    expect(within(dialog()).queryByRole('checkbox', { name: /new vendor/ })).toBeNull();
    expect(within(dialog()).queryByRole('checkbox', { name: /move products between vendors/ })).toBeNull();
  });

  it('lists the skipped rows with their reasons and downloads them with the failed rows in one file', async () => {
    const user = userEvent.setup();
    const skippedRows = [
      { row: 2, cells: ['A-1', 'Anchor', '19,99', 'Deck', 'Anchors', 'Ground tackle'], reason: "Row 2: SKU A-1 belongs to vendor 'Anchor Works'" },
      { row: 3, cells: ['B-2', 'Buoy', '5', '', '', ''], reason: 'Row 3: SKU B-2 already exists (update mode is off)' },
    ];
    useApi({ importStream: () => sse([{ ...completeEvent, imported: 0, skipped: 2, skippedRows }]) });
    renderWizard();
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:rows';
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await toPreview(user);
    await waitFor(() => expect(select('Vendor').options.length).toBe(3));
    fireEvent.change(select('Vendor'), { target: { value: '1' } });
    await user.click(screen.getByRole('button', { name: 'Import Data' }));
    const list = await screen.findByRole('list', { name: 'Skipped rows' }, { timeout: 5000 });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(skippedRows.map((s) => s.reason));
    await user.click(screen.getByRole('button', { name: 'Download rows not imported (3)' }));
    const lines = (await blobs[0]!.text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines.slice(0, 4)).toEqual([
      'SKU,Name,Price,Vendor Category,Vendor Subcategory 1,Store Category,Outcome,Reason',
      "A-1,Anchor,\"19,99\",Deck,Anchors,Ground tackle,skipped,Row 2: SKU A-1 belongs to vendor 'Anchor Works'",
      'B-2,Buoy,5,,,,skipped,Row 3: SKU B-2 already exists (update mode is off)',
      "C-3,Chain,abc,,,,error,Price: 'abc' is not a number",
    ]);
  });
});

describe('ImportWizard: without the vendors permission (issue 24)', () => {
  it('picks from the vendor names, and keeps + disabled with the reason', async () => {
    const api = useApi();
    signIn(admin);
    renderWithProviders(<ImportWizard opened onClose={vi.fn()} vendorsAvailable canCreateVendor={false} />);
    await upload();
    await waitFor(() => expect([...select('Vendor').options].map((o) => o.textContent)).toEqual(['Select a vendor', 'Anchor Works', 'Harbour Supply']));
    expect(api.calls.some((c) => c.method === 'GET' && c.path === '/api/vendors/names')).toBe(true);

    const create = within(dialog()).getByRole('button', { name: 'Create New Vendor' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    expect(document.getElementById(create.getAttribute('aria-describedby')!)?.textContent).toBe(PERMISSION_MESSAGES.createVendor);
    await userEvent.setup().hover(create.parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveProperty('textContent', PERMISSION_MESSAGES.createVendor);
    expect(api.calls.some((c) => c.method === 'POST' && c.path === '/api/vendors')).toBe(false);
  });

  it('says what to do when there is no vendor to pick', async () => {
    useApi({ vendors: () => jsonResponse({ vendors: [] }) });
    signIn(admin);
    renderWithProviders(<ImportWizard opened onClose={vi.fn()} vendorsAvailable canCreateVendor={false} />);
    await upload();
    expect(await within(dialog()).findByText(IMPORT_MESSAGES.noVendorsAskAdmin)).toBeTruthy();
  });
});

describe('ImportWizard: import profiles (issue 22)', () => {
  const FILE_HEADERS = ['SKU', 'Name', 'Price', 'Vendor Category', 'Vendor Subcategory 1', 'Store Category'];
  const profile = (over: Partial<ImportProfile> = {}): ImportProfile => ({
    id: 7,
    name: 'Daily stock',
    vendorId: 1,
    vendorName: 'Harbour Supply',
    headers: FILE_HEADERS,
    mapping: { sku: 'SKU', list_price: 'Price' },
    encoding: 'auto',
    delimiter: 'auto',
    mode: 'standard',
    updateExisting: true,
    updateFields: [...STOCK_AND_PRICE_FIELDS],
    createNew: false,
    emptyCells: 'keep',
    missing: { action: 'zero_stock', maxPercent: 20 },
    priceRules: null,
    feed: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    lastUsedAt: '2026-11-20T10:00:00.000Z',
    ...over,
  });

  async function chooseVendor(id: string) {
    await waitFor(() => expect(select('Vendor').options.length).toBe(3));
    fireEvent.change(select('Vendor'), { target: { value: id } });
  }

  it("preselects the vendor's most recently used profile whose header row is the file's, over the remembered mapping, and says so", async () => {
    const user = userEvent.setup();
    rememberMapping(1, FILE_HEADERS, { sku: 'SKU', name: 'Name', brand: 'Price' });
    const other = profile({ id: 8, name: 'Old catalogue', lastUsedAt: '2026-10-01T10:00:00.000Z', mapping: { sku: 'SKU', name: 'Name' } });
    const otherFile = profile({ id: 9, name: 'Other file', headers: ['Code', 'Qty'], lastUsedAt: '2026-11-25T10:00:00.000Z' });
    const api = useApi({ profiles: () => jsonResponse({ profiles: [other, profile(), otherFile] }) });
    renderWizard();
    await upload();
    await chooseVendor('1');
    const notice = await within(dialog()).findByRole('status', { name: 'Import profile' });
    expect(notice.textContent).toContain("Started from the profile 'Daily stock', last used on Nov 20, 2026: its header row matches this file's.");
    expect(select('Start from a profile').value).toBe('7');
    expect(select('List Price').value).toBe('Price');
    expect(select('Product Name').value).toBe('');
    expect(select('Brand').value).toBe('');
    expect(api.calls.some((c) => c.path === '/api/import-profiles')).toBe(true);

    // The profile's update mode and rules go with the dry run, and its id.
    await user.click(screen.getByRole('button', { name: 'Preview Data' }));
    await screen.findByRole('table', { name: 'Preview rows' });
    const form = api.calls.filter((c) => c.path === '/api/products/import/preview').at(-1)!.form!;
    expect(form.get('profileId')).toBe('7');
    expect(form.get('updateMode')).toBe('true');
    expect(JSON.parse(String(form.get('rules')))).toEqual({ updateFields: STOCK_AND_PRICE_FIELDS, createNew: false, emptyCells: 'keep', missing: { action: 'zero_stock', maxPercent: 20 }, priceRules: null });
    expect(form.get('fullList')).toBeNull();
    const rules = screen.getByRole('region', { name: 'Rules' });
    expect((within(rules).getByRole('checkbox', { name: 'Stock quantity' }) as HTMLInputElement).checked).toBe(true);
    expect((within(rules).getByRole('checkbox', { name: 'Product name' }) as HTMLInputElement).checked).toBe(false);
  });

  it('says which headers of a chosen profile the file lacks, rather than dropping them silently', async () => {
    useApi({ profiles: () => jsonResponse({ profiles: [profile({ headers: ['SKU', 'Qty'], mapping: { sku: 'SKU', stock: 'Qty' } })] }) });
    renderWizard();
    await upload();
    await chooseVendor('1');
    await waitFor(() => expect(select('Start from a profile').options.length).toBe(2));
    // Another header row: offered, not preselected.
    expect(select('Start from a profile').value).toBe('');
    fireEvent.change(select('Start from a profile'), { target: { value: '7' } });
    const missing = await within(dialog()).findByLabelText('Profile columns not in the file');
    expect(missing.textContent).toContain("The file has no column 'Qty'");
    expect(select('Stock (empty: not tracked when a status is given)').value).toBe('');
    expect(select('SKU').value).toBe('SKU');
  });

  it("sends the rules section's choices, asks for the confirmation of a missing share over the limit, and sends it", async () => {
    const user = userEvent.setup();
    const missing = { action: 'zero_stock' as const, vendorProducts: 10, missing: 5, changes: 5, percent: 50, maxPercent: 20, overLimit: true };
    const api = useApi({
      preview: (form) => jsonResponse(previewAnswer(form.get('fullList') === 'true' ? { dryRun: { ...previewAnswer().dryRun, missing } } : {})),
    });
    renderWizard();
    await upload();
    await chooseVendor('1');
    await user.click(screen.getByRole('button', { name: 'Preview Data' }));
    const rules = await screen.findByRole('region', { name: 'Rules' });
    await user.click(within(rules).getByRole('switch', { name: /Update existing products/ }));
    await user.click(await within(rules).findByRole('radio', { name: 'Only the fields checked' }));
    await user.click(within(rules).getByRole('radio', { name: 'An empty cell keeps the current value' }));
    await user.click(within(rules).getByRole('switch', { name: /This file is the vendor's full list/ }));
    fireEvent.change(within(rules).getByRole('combobox', { name: 'Products missing from the file' }), { target: { value: 'zero_stock' } });
    await waitFor(() => expect(JSON.parse(String(api.calls.filter((c) => c.path === '/api/products/import/preview').at(-1)!.form!.get('rules'))).missing.action).toBe('zero_stock'));
    const last = api.calls.filter((c) => c.path === '/api/products/import/preview').at(-1)!.form!;
    expect(last.get('fullList')).toBe('true');
    expect(last.get('updateMode')).toBe('true');
    expect(JSON.parse(String(last.get('rules')))).toMatchObject({ updateFields: STOCK_AND_PRICE_FIELDS, emptyCells: 'keep', createNew: true });

    const plan = await screen.findByRole('alert', { name: 'Products missing from the file' });
    expect(plan.textContent).toContain("5 of the vendor's 10 products (50%) are not in the file: their stock would be set to 0, 5 of them changed.");
    const importButton = screen.getByRole('button', { name: 'Import Data' }) as HTMLButtonElement;
    await waitFor(() => expect(importButton.disabled).toBe(true));
    await user.click(within(plan).getByRole('checkbox', { name: /Yes, set their stock to 0: 5 products/ }));
    await waitFor(() => expect(importButton.disabled).toBe(false));
    await user.click(importButton);
    await screen.findByText('Import complete');
    const run = api.calls.find((c) => c.path === '/api/products/import/ultra-fast')!.form!;
    expect(run.get('confirmMissing')).toBe('true');
    expect(run.get('fullList')).toBe('true');
  });

  it("saves the wizard's choices as a profile, and says a name the vendor has already under the name", async () => {
    const user = userEvent.setup();
    const api = useApi();
    const posted: unknown[] = [];
    const base = api.fetchMock.getMockImplementation()!;
    api.fetchMock.mockImplementation(async (url: string, init: RequestInit = {}) => {
      if (new URL(url, 'http://localhost').pathname === '/api/import-profiles' && init.method === 'POST') {
        const body = JSON.parse(String(init.body));
        posted.push(body);
        if (body.name === 'Catalogue') return jsonResponse({ message: IMPORT_PROFILE_MESSAGES.nameTaken, code: 'CONFLICT', details: { fields: { name: IMPORT_PROFILE_MESSAGES.nameTaken } } }, { status: 409 });
        return jsonResponse({ profile: profile({ id: 12, name: body.name }) }, { status: 201 });
      }
      return base(url, init);
    });
    renderWizard();
    await upload();
    await chooseVendor('1');
    await user.click(screen.getByRole('button', { name: 'Preview Data' }));
    const save = await screen.findByRole('region', { name: 'Save as profile' });
    await user.type(within(save).getByRole('textbox', { name: 'Profile name' }), 'Catalogue');
    await user.click(within(save).getByRole('button', { name: 'Save as profile' }));
    expect(await within(save).findByText(IMPORT_PROFILE_MESSAGES.nameTaken)).toBeTruthy();
    await user.clear(within(save).getByRole('textbox', { name: 'Profile name' }));
    await user.type(within(save).getByRole('textbox', { name: 'Profile name' }), 'Daily stock');
    await user.click(within(save).getByRole('button', { name: 'Save as profile' }));
    expect(await screen.findByText(`${IMPORT_PROFILE_MESSAGES.created}: 'Daily stock'`)).toBeTruthy();
    expect(posted.at(-1)).toMatchObject({ name: 'Daily stock', vendorId: 1, headers: FILE_HEADERS, mapping: { sku: 'SKU', name: 'Name', list_price: 'Price' }, updateExisting: false, updateFields: null });
    // The run now goes by the saved profile, which can be saved over.
    expect(within(save).getByRole('button', { name: 'Save changes to Daily stock' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Import Data' }));
    await screen.findByText('Import complete');
    expect(api.calls.find((c) => c.path === '/api/products/import/ultra-fast')!.form!.get('profileId')).toBe('12');
  });
});
