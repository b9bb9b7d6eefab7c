import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { StockBadge } from './stock-badge';

describe('StockBadge (issue 19)', () => {
  it('shows the quantity of a tracked product in stock, In stock without a number when untracked, Backorder and Out of stock', () => {
    renderWithProviders(
      <>
        <StockBadge product={{ stock: 12, stock_status: 'in_stock' }} />
        <StockBadge product={{ stock: 3, stock_status: 'in_stock' }} withWords />
        <StockBadge product={{ stock: null, stock_status: 'in_stock' }} />
        <StockBadge product={{ stock: 0, stock_status: 'backorder' }} />
        <StockBadge product={{ stock: null, stock_status: 'out_of_stock' }} />
      </>,
    );
    expect(screen.getByText('12')).toBeTruthy();
    expect(screen.getByText('3 in stock')).toBeTruthy();
    expect(screen.getByText('In stock')).toBeTruthy();
    expect(screen.getByText('Backorder')).toBeTruthy();
    expect(screen.getByText('Out of stock')).toBeTruthy();
  });
});
