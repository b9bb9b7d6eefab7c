import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { browserTitles } from '../../../test/cut-text';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { CompanyBrand } from './company-brand';

const LONG_NAME = 'Chesapeake Bay Marine Hardware & Rigging Supply Company';

describe('CompanyBrand', () => {
  it("shows a company name cut to two lines whole in a tooltip, not in a browser title", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ company_name: LONG_NAME, logo_url: '' })));
    const { container } = renderWithProviders(<CompanyBrand />);
    const name = await screen.findByText(LONG_NAME);
    expect(browserTitles(container)).toEqual([]);
    // Two lines show; the name needs three.
    vi.spyOn(name, 'scrollHeight', 'get').mockReturnValue(60);
    vi.spyOn(name, 'clientHeight', 'get').mockReturnValue(40);
    await userEvent.setup().hover(name);
    expect((await screen.findByRole('tooltip')).textContent).toBe(LONG_NAME);
  });
});
