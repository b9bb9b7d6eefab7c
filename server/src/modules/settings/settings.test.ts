import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../../test/test-app.js';

const t = setupTestApp();
let manager: string;

beforeAll(async () => {
  manager = (await t.register('clerk')).token;
});

describe('settings API', () => {
  it('lets any signed-in user read the company settings, with defaults', async () => {
    const res = await t.request('GET', '/api/settings', manager);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ company_name: 'Bosun', logo_url: '', weight_unit: 'kg', dimension_unit: 'cm', history_days: 180, currency: 'USD', time_zone: 'UTC' });
  });

  it('saves a partial change and answers {success, settings}', async () => {
    const res = await t.request('PUT', '/api/settings', t.admin, { company_name: '  Harbor Point Marine  ', logo_url: 'https://example.test/logo.png' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      settings: { company_name: 'Harbor Point Marine', logo_url: 'https://example.test/logo.png', weight_unit: 'kg', dimension_unit: 'cm', history_days: 180, currency: 'USD', time_zone: 'UTC' },
    });
    const units = await t.request('PUT', '/api/settings', t.admin, { weight_unit: 'lb', dimension_unit: 'in' });
    expect(units.json().settings).toMatchObject({ company_name: 'Harbor Point Marine', weight_unit: 'lb', dimension_unit: 'in' });
    // The currency every price is shown in (issue 24).
    const euro = await t.request('PUT', '/api/settings', t.admin, { currency: 'EUR' });
    expect(euro.json().settings).toMatchObject({ currency: 'EUR', weight_unit: 'lb' });
    expect((await t.request('GET', '/api/settings', t.admin)).json().currency).toBe('EUR');
    await t.request('PUT', '/api/settings', t.admin, { currency: 'USD', weight_unit: 'kg', dimension_unit: 'cm' });
  });

  it('refuses a bad body with {success: false, error} naming the field, and changes nothing', async () => {
    for (const body of [{ logo_url: 'javascript:alert(1)' }, { weight_unit: 'stone' }, { company_name: 'x'.repeat(201) }, { colour: 'red' }, { currency: 'XYZ' }, { currency: 'JPY' }]) {
      const res = await t.request('PUT', '/api/settings', t.admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, error: expect.any(String), message: expect.any(String) });
    }
    const bad = await t.request('PUT', '/api/settings', t.admin, { logo_url: 'javascript:alert(1)' });
    expect(bad.json().details.fields).toHaveProperty('logo_url');
    expect((await t.request('GET', '/api/settings', t.admin)).json().company_name).toBe('Harbor Point Marine');
  });

  it('refuses a logo address that leaves the site in disguise (protocol-relative, backslashes)', async () => {
    for (const logo_url of ['//evil.example/logo.png', '/\\evil.example/logo.png', 'https:/\\evil.example/logo.png', 'https://evil.example\\@shop.test/x.png']) {
      const res = await t.request('PUT', '/api/settings', t.admin, { logo_url });
      expect(res.statusCode, logo_url).toBe(400);
      expect(res.json().details.fields).toHaveProperty('logo_url');
    }
    const onSite = await t.request('PUT', '/api/settings', t.admin, { logo_url: '/uploads/logo.png' });
    expect(onSite.statusCode).toBe(200);
  });

  it('keeps the shop’s time zone, an IANA name checked on the server', async () => {
    const berlin = await t.request('PUT', '/api/settings', t.admin, { time_zone: 'Europe/Berlin' });
    expect(berlin.statusCode).toBe(200);
    expect(berlin.json().settings.time_zone).toBe('Europe/Berlin');
    expect((await t.request('GET', '/api/settings', manager)).json().time_zone).toBe('Europe/Berlin');
    for (const time_zone of ['Mars/Olympus_Mons', '', 'x'.repeat(65), 42]) {
      const res = await t.request('PUT', '/api/settings', t.admin, { time_zone, company_name: 'Not saved' });
      expect(res.statusCode, String(time_zone)).toBe(400);
      expect(res.json().details.fields).toHaveProperty('time_zone');
    }
    const after = (await t.request('GET', '/api/settings', t.admin)).json();
    expect(after).toMatchObject({ time_zone: 'Europe/Berlin', company_name: 'Harbor Point Marine' });
    await t.request('PUT', '/api/settings', t.admin, { time_zone: 'UTC' });
  });

  it('needs the settings permission to change them', async () => {
    const res = await t.request('PUT', '/api/settings', manager, { company_name: 'Mine now' });
    expect(res.statusCode).toBe(403);
    expect((await t.request('GET', '/api/settings', manager)).json().company_name).toBe('Harbor Point Marine');
  });

  it('lets a shop_manager holding the settings flag change them', async () => {
    const created = await t.request('POST', '/api/users', t.admin, {
      username: 'office', email: 'office@example.test', password: 'secret-1', role: 'shop_manager',
      permissions: { products: false, categories: false, vendors: false, settings: true },
    });
    const login = await t.request('POST', '/api/auth/login', undefined, { username: created.json().username, password: 'secret-1' });
    const res = await t.request('PUT', '/api/settings', login.json().token, { company_name: 'Office Edit' });
    expect(res.statusCode).toBe(200);
  });
});
