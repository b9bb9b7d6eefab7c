import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../test/test-app.js';
import { fieldPathLabel } from './error-handler.js';

describe('validation messages name the field as staff read it', () => {
  it('turns a payload path into a label', () => {
    expect(fieldPathLabel('updateData.list_price')).toBe('List Price');
    expect(fieldPathLabel('variations.2.sku')).toBe('SKU (variations 3)');
    expect(fieldPathLabel('tags.0')).toBe('Tags (item 1)');
    expect(fieldPathLabel('stock_status')).toBe('Stock status');
    expect(fieldPathLabel('body')).toBe('Request');
  });

  const t = setupTestApp();

  it('answers a bad field with its label, not its code path, and keeps the path for the form', async () => {
    const res = await t.request('PUT', '/api/products/bulk/update', t.admin, { ids: [1], updateData: { list_price: 'cheap' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toMatch(/^List Price/);
    expect(body.message).not.toContain('updateData');
    expect(Object.keys(body.details.fields)).toEqual(['updateData.list_price']);
  });

  it('does not say the label twice when the schema message starts with it', async () => {
    const res = await t.request('POST', '/api/products', t.admin, { name: 'Rope', sku: 'R-1', list_price: -5 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^List price cannot be negative/i);
  });
});
