import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, createProduct, uniqueSuffix } from './support/api.js';
import { pageForFile } from './support/browser.js';
import { gone, signInAs, textbox, toast, valueShown, visible } from './support/ui.js';

/**
 * Issue 24 points 3, 11 and 14 in Chromium: the product page on a 390 px phone (every header
 * action in reach, the name wrapped, editing and saving with Save in sight, the image gallery), and
 * toasts that never cover a dialog's primary button, at desktop and phone width.
 */

const RUN = uniqueSuffix();
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
let page: Page;

pageForFile(async (opened) => {
  page = opened;
  await signInAs(page);
});

const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR;
const snap = async (name: string) => {
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/layout-${name}.png` });
};

async function box(locator: Locator) {
  await visible(locator);
  const found = await locator.boundingBox();
  if (!found) throw new Error(`no box for ${locator.toString()}`);
  return found;
}

/** The element lies wholly inside the window as it is now scrolled: nothing of it is off-screen. */
async function expectInViewport(locator: Locator) {
  const found = await box(locator);
  const view = page.viewportSize()!;
  const inside = found.x >= 0 && found.y >= 0 && found.x + found.width <= view.width && found.y + found.height <= view.height;
  expect(inside, `${locator.toString()} at ${JSON.stringify(found)} in ${JSON.stringify(view)}`).toBe(true);
}

async function expectApart(a: Locator, b: Locator) {
  const [one, two] = [await box(a), await box(b)];
  const overlap = one.x < two.x + two.width && two.x < one.x + one.width && one.y < two.y + two.height && two.y < one.y + one.height;
  expect(overlap, `${a.toString()} ${JSON.stringify(one)} covers ${b.toString()} ${JSON.stringify(two)}`).toBe(false);
}

/** Its text fits its box: a word too long for the line is broken, not run past the edge (and cut). */
const textFits = (locator: Locator) => locator.evaluate((element) => element.scrollWidth <= element.clientWidth);
const noSidewaysScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('product page on a phone (390 × 844)', () => {
  it('keeps every header action in reach, wraps the name, edits and saves with Save in sight, and shows the images as a gallery', async () => {
    // A name with a word longer than the screen is wide: it wraps, it is never cut.
    const name = `Shackle ${'Galvanisedsteelbowshackle'.repeat(2)} ${RUN}`;
    const product = await createProduct({ sku: `LAY-${RUN}-PH`, name, list_price: 20 });
    // Images this server serves, and one it does not.
    await api('PUT', `/products/${product.id}`, { image_url: '/product-placeholder.svg', images: ['/logo-fallback.svg', `/no-such-image-${RUN}.png`] });

    await page.setViewportSize(PHONE);
    await page.goto(`/product/${product.id}`);
    const heading = page.getByRole('heading', { name });
    await expectInViewport(heading);
    expect(await textFits(heading)).toBe(true);
    for (const action of ['Back to products', 'Edit Product', 'More actions']) await expectInViewport(page.getByRole('button', { name: action, exact: true }));
    expect(await noSidewaysScroll()).toBe(true);
    await snap('phone-view');

    // The other actions are one tap away, each in the window.
    await page.getByRole('button', { name: 'More actions' }).click();
    for (const item of ['Add variations', 'Duplicate', 'Delete Product']) await expectInViewport(page.getByRole('menuitem', { name: item }));
    await snap('phone-more-actions');
    await page.keyboard.press('Escape');
    await gone(page.getByRole('menu'));

    // The gallery: thumbnails, not addresses; a tap shows one large, Next goes on, a broken one says so.
    expect(await page.getByText('/logo-fallback.svg').count()).toBe(0);
    await page.getByRole('group', { name: 'Images' }).getByRole('button', { name: 'Show image 2 of 3 larger' }).click();
    const viewer = page.getByRole('dialog', { name: 'Image 2 of 3' });
    await visible(viewer);
    expect(await viewer.getByRole('img', { name: `${name}, image 2 of 3` }).getAttribute('src')).toBe('/logo-fallback.svg');
    await expectInViewport(viewer.getByRole('button', { name: 'Next' }));
    await viewer.getByRole('button', { name: 'Next' }).click();
    const broken = page.getByRole('dialog', { name: 'Image 3 of 3' });
    await visible(broken.getByText(`This image could not be loaded: /no-such-image-${RUN}.png`));
    expect(await broken.getByRole('img', { name: `${name}, image 3 of 3` }).getAttribute('src')).toBe('/product-placeholder.svg');
    await snap('phone-gallery-broken');
    await page.keyboard.press('Escape');
    await gone(broken);

    // Edit: the name still wraps, the fields stack, and Save and Cancel stay at the foot of the screen.
    await page.getByRole('button', { name: 'Edit Product' }).click();
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectInViewport(heading);
    expect(await textFits(heading)).toBe(true);
    const save = page.getByRole('button', { name: 'Save Changes' });
    await expectInViewport(save);
    await expectInViewport(page.getByRole('button', { name: 'Cancel' }));
    await textbox(page, 'Brand').fill('Wichard');
    await page.getByRole('tab', { name: 'Pricing' }).click();
    await textbox(page, 'List Price').fill('42.5');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expectInViewport(save);
    expect(await noSidewaysScroll()).toBe(true);
    await snap('phone-edit');
    await save.click();
    await visible(toast(page, 'Product updated successfully'));
    await visible(page.getByRole('button', { name: 'Edit Product' }));
    expect(await valueShown(page, 'List Price').textContent()).toBe('$42.50');
    expect(await api('GET', `/products/${product.id}`)).toMatchObject({ brand: 'Wichard', list_price: 42.5 });
  });

  it('opens the Duplicate form full screen with Create Product in reach and no toast over it', async () => {
    const product = await createProduct({ sku: `LAY-${RUN}-DUPPH`, name: `Phone copy ${RUN}` });
    await page.setViewportSize(PHONE);
    await page.goto(`/product/${product.id}`);
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Duplicate' }).click();
    const form = page.getByRole('dialog', { name: 'Duplicate Product' });
    await visible(form);
    const create = form.getByRole('button', { name: 'Create Product' });
    await expectInViewport(create);
    // The original's SKU is taken: the form stays open with a toast, which keeps off its button.
    await textbox(form, 'SKU').fill(product.sku);
    await create.click();
    const refused = toast(page, `A product with SKU ${product.sku} already exists`, 'error');
    await visible(refused);
    await expectApart(refused, create);
    await expectInViewport(create);
    await snap('phone-duplicate-toast');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await gone(form);
  });
});

describe('toasts at desktop width (1440 × 900)', () => {
  it("keep off the Create Product button of the product form, the refusal's and then the success's", async () => {
    const taken = await createProduct({ sku: `LAY-${RUN}-TAKEN`, name: `Taken ${RUN}` });
    await page.setViewportSize(DESKTOP);
    await page.goto(`/products?search=${encodeURIComponent(`LAY-${RUN}`)}`);
    await page.getByRole('button', { name: 'Add Product' }).click();
    const form = page.getByRole('dialog', { name: 'Add Product' });
    await visible(form);
    await textbox(form, 'Product Name').fill(`Desk toast ${RUN}`);
    await textbox(form, 'SKU').fill(taken.sku);
    const create = form.getByRole('button', { name: 'Create Product' });
    await create.click();
    const refused = toast(page, `A product with SKU ${taken.sku} already exists`, 'error');
    await visible(refused);
    await expectApart(refused, create);
    await expectInViewport(create);
    await snap('desktop-create-toast');

    await textbox(form, 'SKU').fill(`LAY-${RUN}-NEW`);
    await create.click();
    await visible(toast(page, 'Product created successfully'));
    await gone(form);
  });
});
