import { IMPORT_PROFILE_MESSAGES, type ImportProfile } from '@bosun/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { profileOf, openProfileForm, setUpProfileEdits } from '../testing/profiles-api-stub';

afterEach(() => vi.unstubAllGlobals());


const rule = (form: HTMLElement, n: number) => within(form).getByRole('region', { name: `Price rule ${n}` });
const example = (form: HTMLElement, n: number) => within(form).getByLabelText(`Example of price rule ${n}`).textContent;

async function retype(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.clear(input);
  if (text) await user.type(input, text);
}

describe('Price rules editor', () => {
  it('shows a live example per rule, adds and removes rules, picks a store category, and sends the rules', async () => {
    const user = userEvent.setup();
    const puts = setUpProfileEdits(profileOf());
    const form = await openProfileForm(user);
    expect(within(form).queryByRole('region', { name: 'Price rule 1' })).toBeNull();
    await user.click(within(form).getByRole('switch', { name: 'Set list prices from the vendor cost' }));

    // The default rule: cost × 1.4, rounded up to .99.
    expect(example(form, 1)).toBe('Cost 10.00 → list 14.99');
    await retype(user, within(rule(form, 1)).getByRole('textbox', { name: /^Factor/ }), '1.3');
    expect(example(form, 1)).toBe('Cost 10.00 → list 13.99');
    await user.selectOptions(within(form).getByRole('combobox', { name: /^Ending/ }), 'whole');
    await retype(user, within(rule(form, 1)).getByRole('textbox', { name: 'Amount (+)' }), '0.5');
    expect(example(form, 1)).toBe('Cost 10.00 → list 14.00');
    // A factor under 1 is raised to the least margin: never under cost plus 20%.
    await retype(user, within(rule(form, 1)).getByRole('textbox', { name: /^Factor/ }), '0.9');
    await retype(user, within(form).getByRole('textbox', { name: /^Least margin/ }), '20');
    expect(example(form, 1)).toBe('Cost 10.00 → list 12.00 (raised to the least margin)');

    await user.click(within(form).getByRole('button', { name: 'Add price rule' }));
    await retype(user, within(rule(form, 2)).getByRole('textbox', { name: 'Cost from' }), '100');
    expect(example(form, 2)).toBe('Cost 100.00 → list 140.00');
    await user.type(within(rule(form, 2)).getByRole('combobox', { name: /^Store category/ }), 'winch');
    await user.click(await screen.findByRole('option', { name: 'Deck Hardware > Winches' }));

    await user.click(within(form).getByRole('button', { name: 'Remove price rule 1' }));
    expect(within(form).queryByRole('region', { name: 'Price rule 2' })).toBeNull();
    // The last rule cannot go: a profile with price rules has at least one.
    expect((within(form).getByRole('button', { name: 'Remove price rule 1' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(form).getByRole('radio', { name: /To every row/ }));

    await user.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText(`${IMPORT_PROFILE_MESSAGES.updated}: 'Daily stock'`)).toBeTruthy();
    expect(puts[0]!.priceRules).toEqual({
      applyTo: 'always',
      ending: 'whole',
      minMarginPercent: 20,
      rules: [{ factor: 1.4, amount: 0, storeCategoryId: 31, costFrom: 100, costTo: null }],
    });
  });

  it("shows stored rules with their category's path, says the schema's message for a bad band, and turns the rules off", async () => {
    const user = userEvent.setup();
    const puts = setUpProfileEdits(
      profileOf({
        priceRules: {
          applyTo: 'missing',
          ending: '95',
          minMarginPercent: 0,
          rules: [
            { factor: 2, amount: 1, storeCategoryId: 32, costFrom: null, costTo: 5 },
            { factor: 1.5, amount: 0, storeCategoryId: null, costFrom: null, costTo: null },
          ],
        },
      }),
    );
    const form = await openProfileForm(user);
    expect(((await within(rule(form, 1)).findByDisplayValue('Safety > Lifejackets')) as HTMLInputElement).value).toBe('Safety > Lifejackets');
    // Inside the band: half its top.
    expect(example(form, 1)).toBe('Cost 2.50 → list 6.95');
    expect(example(form, 2)).toBe('Cost 10.00 → list 15.95');

    await retype(user, within(rule(form, 1)).getByRole('textbox', { name: 'Cost from' }), '8');
    await retype(user, within(rule(form, 2)).getByRole('textbox', { name: /^Factor/ }), '');
    await user.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(await within(rule(form, 1)).findByText('Cost from must be below cost to')).toBeTruthy();
    expect(within(rule(form, 2)).getByText('Factor must be a number')).toBeTruthy();
    expect(puts).toHaveLength(0);

    await user.click(within(form).getByRole('switch', { name: 'Set list prices from the vendor cost' }));
    await user.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText(`${IMPORT_PROFILE_MESSAGES.updated}: 'Daily stock'`)).toBeTruthy();
    expect(puts[0]!.priceRules).toBeNull();
  });
});
