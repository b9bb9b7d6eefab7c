import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PRODUCT_PLACEHOLDER_URL } from '../../../components/ui/image-with-fallback';
import { renderWithProviders } from '../../../test/render';
import { ProductGallery, productImages } from './product-gallery';

function Gallery({ images }: { images: string[] }) {
  const [viewing, setViewing] = useState<number | null>(null);
  return <ProductGallery name="Teak cleat" images={images} viewing={viewing} onView={setViewing} />;
}

const IMAGES = ['/img/main.png', '/img/side.png', '/img/missing.png'];
const thumbnails = () => within(screen.getByRole('group', { name: 'Images' })).getAllByRole('button');
const largeImage = () => within(screen.getByRole('dialog')).getByRole('img') as HTMLImageElement;

describe('productImages', () => {
  it('puts the main image first, each address once, and leaves out blank ones', () => {
    expect(productImages({ image_url: '/a.png', images: ['/b.png', '/a.png', ' ', '/c.png'] })).toEqual(['/a.png', '/b.png', '/c.png']);
    expect(productImages({ image_url: null, images: [] })).toEqual([]);
  });
});

describe('ProductGallery', () => {
  it('shows each image as a thumbnail; a click opens it large, and Next, Previous and the arrow keys go round', async () => {
    renderWithProviders(<Gallery images={IMAGES} />);
    const user = userEvent.setup();
    expect(thumbnails().map((button) => button.getAttribute('aria-label'))).toEqual([
      'Show image 1 of 3 larger',
      'Show image 2 of 3 larger',
      'Show image 3 of 3 larger',
    ]);
    expect(screen.queryByText('/img/side.png')).toBeNull();

    await user.click(thumbnails()[1]!);
    const dialog = await screen.findByRole('dialog', { name: 'Image 2 of 3' });
    expect(largeImage().getAttribute('src')).toBe('/img/side.png');
    expect(largeImage().alt).toBe('Teak cleat, image 2 of 3');

    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('dialog', { name: 'Image 3 of 3' })).toBeTruthy();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('dialog', { name: 'Image 1 of 3' })).toBeTruthy();
    expect(largeImage().getAttribute('src')).toBe('/img/main.png');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('dialog', { name: 'Image 3 of 3' })).toBeTruthy();
    await user.keyboard('{ArrowLeft}');
    expect(await screen.findByRole('dialog', { name: 'Image 2 of 3' })).toBeTruthy();
  });

  it('shows the placeholder for an image that does not load, and says so in its large view', async () => {
    renderWithProviders(<Gallery images={IMAGES} />);
    const user = userEvent.setup();
    const missing = thumbnails()[2]!;
    // A thumbnail's picture is decorative (alt=""): its button names it.
    const picture = missing.querySelector('img')!;
    fireEvent.error(picture);
    expect(picture.getAttribute('src')).toBe(PRODUCT_PLACEHOLDER_URL);
    expect(missing.getAttribute('aria-label')).toBe('Show image 3 of 3 larger (it could not be loaded)');

    await user.click(missing);
    await screen.findByRole('dialog', { name: 'Image 3 of 3' });
    expect(screen.getByText('This image could not be loaded: /img/missing.png')).toBeTruthy();
    fireEvent.error(largeImage());
    expect(largeImage().getAttribute('src')).toBe(PRODUCT_PLACEHOLDER_URL);
    // The images that load say nothing of the kind.
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Next' }));
    await screen.findByRole('dialog', { name: 'Image 1 of 3' });
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
  });

  it('reads as a dash when the product has no image, and one image opens without Previous and Next', async () => {
    const { unmount } = renderWithProviders(<Gallery images={[]} />);
    expect(screen.getByLabelText('Not set').textContent).toBe('—');
    unmount();
    renderWithProviders(<Gallery images={['/img/main.png']} />);
    await userEvent.setup().click(thumbnails()[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Teak cleat' });
    expect(within(dialog).queryByRole('button', { name: 'Next' })).toBeNull();
  });
});
