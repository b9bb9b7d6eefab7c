import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { LOGO_DID_NOT_LOAD, LogoPreview } from './logo-preview';

describe('LogoPreview', () => {
  it('says that an address did not load instead of hiding the preview, and tries again when the address changes', () => {
    const { rerender } = renderWithProviders(<LogoPreview url="https://example.test/missing.png" />);
    fireEvent.error(screen.getByRole('img', { name: 'Logo preview' }));
    expect(screen.getByText(LOGO_DID_NOT_LOAD).getAttribute('role')).toBe('status');
    expect(screen.queryByRole('img', { name: 'Logo preview' })).toBeNull();

    rerender(<LogoPreview url="https://example.test/logo.png" />);
    expect(screen.queryByText(LOGO_DID_NOT_LOAD)).toBeNull();
    const image = screen.getByRole('img', { name: 'Logo preview' });
    fireEvent.load(image);
    expect(image.getAttribute('src')).toBe('https://example.test/logo.png');
    expect(screen.queryByText(LOGO_DID_NOT_LOAD)).toBeNull();
  });

  it('shows nothing for an empty address', () => {
    renderWithProviders(<LogoPreview url="  " />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByText(LOGO_DID_NOT_LOAD)).toBeNull();
  });
});
