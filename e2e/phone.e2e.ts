import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, createProduct, createVendor, uniqueSuffix } from './support/api.js';
import { sharedBrowser } from './support/browser.js';
import { gone, sidebar, signInAs, textbox, toast, visible, waitForPath } from './support/ui.js';

/**
 * The staff screens on a phone (issue 24 point 3): the page never scrolls sideways, every modal
 * fits the screen, and the navigation drawer closes once a section is chosen. The products list
 * and a product's page have their own phone journeys.
 */
const inFreshContext = sharedBrowser();
const PHONE = { width: 390, height: 844 };
const RUN = uniqueSuffix();

async function onPhone(page: Page) {
  await page.setViewportSize(PHONE);
}

/** How wide the page's content is: more than the screen means the page scrolls sideways. */
const pageScrollWidth = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth);

async function expectNoSidewaysScroll(page: Page, where: string) {
  expect(await pageScrollWidth(page), `${where} scrolls sideways`).toBeLessThanOrEqual(PHONE.width);
}

/** A dialog fits the screen: nothing of it lies left or right of it. */
async function expectFitsScreen(dialog: Locator, where: string) {
  const box = (await dialog.boundingBox())!;
  expect(box.x, `${where} starts off-screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${where} ends off-screen`).toBeLessThanOrEqual(PHONE.width);
}

async function boxOf(locator: Locator) {
  await visible(locator);
  return (await locator.boundingBox())!;
}

/**
 * The first lies wholly above the second (boxes as the screen shows them), once a toast has slid
 * into place; within a pixel, since layout places boxes at fractions of one (782.6 against 782).
 */
async function expectAbove(upper: Locator, lower: Locator, what: string) {
  const overlap = async () => {
    const [top, bottom] = [await boxOf(upper), await boxOf(lower)];
    return top.y + top.height - bottom.y;
  };
  await expect.poll(overlap, { message: what, timeout: 5_000 }).toBeLessThanOrEqual(1);
}

/** The drawer slides off to the left when closed: on screen means some of it is right of x = 0. */
async function drawerOnScreen(page: Page) {
  const box = await sidebar(page).boundingBox();
  return box !== null && box.x + box.width > 1;
}

describe('on a phone (390 × 844)', () => {
  it('opens the navigation drawer from the burger and closes it after a choice, the page shown included', async () => {
    await inFreshContext(async (page) => {
      await onPhone(page);
      await signInAs(page);
      const burger = page.getByRole('button', { name: 'Toggle sidebar' });
      const vendorsLink = sidebar(page).getByRole('link', { name: 'Vendors' });
      expect(await burger.getAttribute('aria-expanded')).toBe('false');

      await burger.click();
      await expect.poll(() => drawerOnScreen(page)).toBe(true);
      await vendorsLink.click();
      await waitForPath(page, '/vendors');
      await expect.poll(() => burger.getAttribute('aria-expanded')).toBe('false');
      await expect.poll(() => drawerOnScreen(page)).toBe(false);

      // Choosing the section already shown closes the drawer too.
      await burger.click();
      await expect.poll(() => drawerOnScreen(page)).toBe(true);
      await vendorsLink.click();
      await expect.poll(() => burger.getAttribute('aria-expanded')).toBe('false');
      await expect.poll(() => drawerOnScreen(page)).toBe(false);
      await waitForPath(page, '/vendors');
    });
  });

  it('creates a vendor in the full-screen modal and finds it in the list', async () => {
    const name = `${RUN} Phone Chandlery`;
    await inFreshContext(async (page) => {
      await onPhone(page);
      await signInAs(page);
      await page.goto('/vendors');
      await page.getByRole('button', { name: 'Add Vendor', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Vendor' });
      await visible(dialog.getByLabel('Vendor Name'));
      await expectFitsScreen(dialog, 'The vendor form');
      await dialog.getByLabel('Vendor Name').fill(name);
      await dialog.getByLabel('Phone').fill('+1 (410) 555-0199');
      await dialog.getByLabel('City').fill('Annapolis');
      // The button is below the fold of a long form: scrolled to, it is reachable.
      await dialog.getByRole('button', { name: 'Create Vendor' }).click();
      await visible(toast(page, `Vendor "${name}" created successfully`));
      await gone(dialog);

      await page.getByRole('textbox', { name: 'Search vendors' }).fill(RUN);
      const card = page.getByRole('article', { name, exact: true });
      await visible(card.getByText('+1 (410) 555-0199', { exact: true }));
      await expectNoSidewaysScroll(page, 'The vendor list');
    });
  });

  it("starts the vendor list on the first screen: the four totals are small cards, two to a row", async () => {
    await createVendor(`${RUN} First Screen Marine`);
    await inFreshContext(async (page) => {
      await onPhone(page);
      await signInAs(page);
      await page.goto('/vendors');
      const totals = ['Total Vendors', 'Active Vendors', 'Total Products', 'Total Categories'].map((name) => page.getByRole('region', { name }));
      const [first, second, third] = await Promise.all(totals.slice(0, 3).map(boxOf));
      expect(Math.abs(first!.y - second!.y), 'the first two totals share a row').toBeLessThanOrEqual(1);
      expect(third!.y, 'the third total starts a second row').toBeGreaterThan(first!.y);
      const firstVendor = page.getByRole('article').first();
      const vendorBox = await boxOf(firstVendor);
      expect(vendorBox.y, 'the first vendor starts on the first screen').toBeLessThan(PHONE.height - 100);
      await expectNoSidewaysScroll(page, 'The vendors page');

      // The table view scrolls inside itself, its hidden labels included: the page stays 390 px wide.
      await page.getByRole('radiogroup', { name: 'View' }).locator('label').filter({ hasText: /^Table view$/ }).click();
      await visible(page.getByRole('table', { name: 'Vendors' }));
      await expectNoSidewaysScroll(page, 'The vendors table');
    });
  });

  it("leaves no tooltip open over the vendor toolbar once a view is chosen, by a click or by a finger's tap", async () => {
    await createVendor(`${RUN} View Switch Marine`);
    await inFreshContext(async (page) => {
      await onPhone(page);
      await signInAs(page);
      await page.goto('/vendors');
      const segment = (view: string) => page.getByRole('radiogroup', { name: 'View' }).locator('label').filter({ hasText: new RegExp(`^${view}$`) });
      // A click as the walk through the screens made it: the pointer stays where it pressed.
      await segment('List view').click();
      await visible(page.getByRole('list', { name: 'Vendors' }));
      await page.waitForTimeout(600);
      expect(await page.getByRole('tooltip').count(), 'a tooltip stays open after a click').toBe(0);
      // A finger's tap, as a phone sends it: touch pointer events, then the mouse events a page expects.
      const box = await boxOf(segment('Table view'));
      const cdp = await page.context().newCDPSession(page);
      const touchPoint = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [touchPoint] });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await visible(page.getByRole('table', { name: 'Vendors' }));
      await page.waitForTimeout(600);
      expect(await page.getByRole('tooltip').count(), 'a tooltip stays open after a tap').toBe(0);
    });
  });

  it('never scrolls any of the staff screens sideways, nor their forms', async () => {
    await createVendor(`${RUN} Wide Vendor With A Rather Long Name For A Phone Screen`);
    await api('POST', '/categories', { name: `${RUN} Deck Hardware With A Long Category Name`, type: 'store' }, 201);
    await inFreshContext(async (page) => {
      await onPhone(page);
      for (const path of ['/login', '/register']) {
        await page.goto(path);
        await visible(page.getByRole('button', { name: path === '/login' ? 'Sign in' : 'Create account' }));
        await expectNoSidewaysScroll(page, path);
      }

      await signInAs(page);
      const screens: [string, string][] = [
        ['/dashboard', 'Dashboard'],
        ['/vendors', 'Vendor Management'],
        ['/users', 'User Management'],
        ['/categories', 'Category Management'],
        ['/category-tree', 'Categories'],
        ['/settings', 'Settings'],
        ['/category-mapping', 'Category mapping'],
        ['/imports', 'Imports'],
        ['/changes', 'Recent changes'],
        ['/products/deleted', 'Recently deleted'],
      ];
      for (const [path, heading] of screens) {
        await page.goto(path);
        await visible(page.getByRole('heading', { name: heading, level: 1 }));
        // Lists and charts arrive after the heading.
        await page.waitForLoadState('networkidle');
        await expectNoSidewaysScroll(page, path);
      }

      // The forms open as modals that fit the screen.
      const forms: [string, string, string][] = [
        ['/users', 'Add User', 'Add User'],
        ['/categories', '+ Add Category', 'Add Category'],
        ['/category-tree', 'Add Root Category', 'Add Root Category'],
      ];
      for (const [path, button, title] of forms) {
        await page.goto(path);
        await page.getByRole('button', { name: button }).click();
        const dialog = page.getByRole('dialog', { name: title });
        await visible(dialog);
        await expectFitsScreen(dialog, `${title} on ${path}`);
        await expectNoSidewaysScroll(page, `${title} on ${path}`);
        await page.keyboard.press('Escape');
        await gone(dialog);
      }
    });
  });

  it('shows the waiting page of an account not approved yet without sideways scrolling', async () => {
    const username = `phone-wait-${RUN}`;
    await inFreshContext(async (page) => {
      await onPhone(page);
      await page.goto('/register');
      const form = page.getByRole('form', { name: 'Create account' });
      await textbox(form, 'Username').fill(username);
      await textbox(form, 'Email').fill(`${username}@bosun.test`);
      await form.getByRole('textbox', { name: 'Password', exact: true }).fill('phone-wait-pass');
      await textbox(form, 'Confirm password').fill('phone-wait-pass');
      await form.getByRole('button', { name: 'Create account' }).click();
      await visible(page.getByRole('heading', { name: 'Waiting for approval' }));
      await visible(page.getByRole('button', { name: 'Check again' }));
      await expectNoSidewaysScroll(page, 'The waiting page');
    });
  });

  it('walks the import wizard: full screen, every step reachable, the preview table scrolling inside itself', async () => {
    const vendor = await createVendor(`${RUN} Phone Import Vendor`);
    const csv = `SKU,Name,Regular price,Stock,Vendor Category,Store Category\n${Array.from({ length: 4 }, (_, i) => `PH-${RUN}-${i},Phone cleat ${i} with a long descriptive product name,${i}.5,${i},Deck,Hardware`).join('\n')}\n`;
    await inFreshContext(async (page) => {
      await onPhone(page);
      await signInAs(page);
      await page.goto('/products');
      await page.getByRole('button', { name: 'Import CSV' }).click();
      const wizard = page.getByRole('dialog', { name: 'Import Products from CSV' });
      await visible(wizard.getByRole('button', { name: 'Download Template' }));
      await expectFitsScreen(wizard, 'The import wizard');
      await visible(wizard.getByText('Step 1 of 5: Upload', { exact: true }));

      await wizard.locator('input[type="file"]').setInputFiles({ name: 'phone-a-rather-long-supplier-price-list-file-name.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
      await visible(wizard.getByText('Step 2 of 5: Map fields', { exact: true }));
      await wizard.getByRole('combobox', { name: 'Vendor', exact: true }).selectOption(String(vendor.id));
      // The step's footer stays at the wizard's visible foot with its buttons whole, not cut by it.
      for (const name of ['Back', 'Preview Data']) {
        const button = await boxOf(wizard.getByRole('button', { name, exact: true }));
        expect(button.y + button.height, `'${name}' is cut at the foot of the wizard`).toBeLessThanOrEqual(PHONE.height);
      }
      await wizard.getByRole('button', { name: 'Preview Data' }).click();
      const rows = wizard.getByRole('table', { name: 'Preview rows' });
      await visible(rows);
      await visible(wizard.getByText('Step 3 of 5: Preview', { exact: true }));
      // The table is wider than the phone: it scrolls in its own box, the page and the wizard do not.
      const scroller = await rows.evaluate((table) => {
        let box: HTMLElement | null = table.parentElement;
        while (box && !/auto|scroll/.test(getComputedStyle(box).overflowX)) box = box.parentElement;
        return box && { scrolls: box.scrollWidth > box.clientWidth, inWizard: box.closest('[role="dialog"]') !== null && box.getAttribute('role') !== 'dialog' };
      });
      expect(scroller).toEqual({ scrolls: true, inWizard: true });
      await expectFitsScreen(wizard, 'The preview step');
      await expectNoSidewaysScroll(page, 'The preview step');
      await wizard.getByRole('button', { name: 'Import Data' }).click();
      await visible(wizard.getByRole('region', { name: 'Import result' }));
      await visible(wizard.getByText('Step 5 of 5: Results', { exact: true }));
      await expectNoSidewaysScroll(page, 'The results step');

      // On the Imports page the run's card shows its status whole beside the file name, not 'Compl…'.
      await page.keyboard.press('Escape');
      await gone(wizard);
      await page.goto('/imports');
      const card = page.getByRole('article').filter({ hasText: 'phone-a-rather-long-supplier' }).first();
      const status = card.getByText('Complete', { exact: true });
      await visible(status);
      // The word's drawn box lies inside the badge's pill: neither cut with an ellipsis nor run past its edge.
      const fits = await status.evaluate((label) => {
        const range = document.createRange();
        range.selectNodeContents(label);
        const [text, pill] = [range.getBoundingClientRect(), label.closest('.mantine-Badge-root')!.getBoundingClientRect()];
        return label.scrollWidth <= label.clientWidth && text.left >= pill.left && text.right <= pill.right;
      });
      expect(fits, 'The status badge is cut').toBe(true);
      await expectNoSidewaysScroll(page, 'The Imports page');
      await page.screenshot({ path: '/tmp/shots-i24/imports-390x844-after.png' });
    });
  });

  it("shows a dialog's result inside it, under its header, with the header's buttons uncovered", async () => {
    const product = await createProduct({ sku: `PH-${RUN}-DUP`, name: `Phone duplicated ${RUN}` });
    await inFreshContext(async (page) => {
      await onPhone(page);
      await signInAs(page);
      await page.goto(`/product/${product.id}`);
      await page.getByRole('button', { name: 'More actions' }).click();
      await page.getByRole('menuitem', { name: 'Duplicate' }).click();
      const dialog = page.getByRole('dialog', { name: 'Duplicate Product' });
      // The original's SKU is taken: the form stays open and says so.
      await textbox(dialog, 'SKU').fill(product.sku);
      const create = dialog.getByRole('button', { name: 'Create Product' });
      await create.click();

      const messages = dialog.getByRole('region', { name: 'Messages' });
      const said = `A product with SKU ${product.sku} already exists`;
      const refused = messages.getByRole('alert').filter({ hasText: said });
      await visible(refused);
      // Only there: no toast behind the dialog or over it says it again.
      expect(await page.getByRole('alert').filter({ hasText: said }).count()).toBe(1);
      await expectAbove(dialog.getByRole('heading', { name: 'Duplicate Product' }), refused, 'The message is under the title');
      await expectAbove(dialog.getByRole('button', { name: 'Close', exact: true }), refused, "The message keeps off the dialog's close button");
      await expectAbove(refused, create, 'The message keeps off Create Product');
      // The form is long: scrolled to its foot, the message is still in sight under the header.
      await dialog.getByRole('button', { name: 'Cancel' }).scrollIntoViewIfNeeded();
      expect((await boxOf(refused)).y, 'The message scrolled out of sight').toBeGreaterThanOrEqual(0);
      await expectFitsScreen(dialog, 'The product form with its message');
      await page.screenshot({ path: '/tmp/shots-i24/phone-dialog-message.png' });
    });
  });

  it("shows a toast at the foot of the screen, above a product's sticky Save bar, off the header's buttons", async () => {
    const other = await createProduct({ sku: `PH-${RUN}-TAKEN`, name: `Phone taken ${RUN}` });
    const product = await createProduct({ sku: `PH-${RUN}-EDIT`, name: `Phone edited ${RUN}` });
    await inFreshContext(async (page) => {
      await onPhone(page);
      await signInAs(page);
      await page.goto(`/product/${product.id}`);
      await page.getByRole('button', { name: 'Edit Product' }).click();
      await textbox(page, 'SKU').fill(other.sku);
      await page.getByRole('button', { name: 'Save Changes' }).click();

      const refused = toast(page, `A product with SKU ${other.sku} already exists`, 'error');
      await visible(refused);
      await expectAbove(refused, page.getByRole('region', { name: 'Edit actions' }), 'The toast covers the Save bar');
      await expectAbove(page.getByRole('banner'), refused, "The toast covers the header's buttons");
      await page.screenshot({ path: '/tmp/shots-i24/phone-toast-above-save-bar.png' });
    });
  });

  it("fits Category Management's header and toolbar: '+ Add Category' whole, selection and refresh in a menu", async () => {
    await api('POST', '/categories', { name: `${RUN} Phone Menu Category`, type: 'store' }, 201);
    await inFreshContext(async (page) => {
      await onPhone(page);
      await signInAs(page);
      await page.goto('/categories');
      await visible(page.getByRole('heading', { name: 'Category Management', level: 1 }));
      const add = page.getByRole('button', { name: '+ Add Category' });
      const addBox = await boxOf(add);
      expect(addBox.x + addBox.width, "'+ Add Category' is cut off").toBeLessThanOrEqual(PHONE.width);
      // The toolbar's buttons moved to the menu: the filters start on the first screen.
      expect(await page.getByRole('button', { name: 'Select All', exact: true }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Refresh' }).count()).toBe(0);
      await visible(page.getByRole('textbox', { name: 'Search categories' }));
      await page.waitForLoadState('networkidle');
      await expectNoSidewaysScroll(page, 'Category Management');
      await page.screenshot({ path: '/tmp/shots-i24/categories-390x844-after.png', fullPage: true });

      await page.getByRole('textbox', { name: 'Search categories' }).fill(`${RUN} Phone Menu`);
      // The search applies after a pause: Select All selects what the list shows once it has.
      await visible(page.getByText(/^Showing 1 of /));
      await page.getByRole('button', { name: 'More category actions' }).click();
      await page.getByRole('menuitem', { name: 'Select All Categories' }).click();
      const selection = page.getByRole('region', { name: 'Selected categories' });
      await visible(selection.getByText('1 category selected'));
      await page.getByRole('button', { name: 'More category actions' }).click();
      await page.getByRole('menuitem', { name: 'Clear Selection' }).click();
      await gone(selection);

      // Refresh, from the menu, says that it has refreshed.
      await page.getByRole('button', { name: 'More category actions' }).click();
      await page.getByRole('menuitem', { name: 'Refresh' }).click();
      await visible(toast(page, 'Categories refreshed'));
    });
  });
});
