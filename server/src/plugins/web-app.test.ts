import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'bosun-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Bosun</title>');
  t = await createTestApp({ webDist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('the web app fallback', () => {
  it('serves the page for app paths', async () => {
    const res = await t.request('GET', '/products/12');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Bosun</title>');
  });

  it('answers an unknown API path with a JSON 404 however it is spelled', async () => {
    for (const url of ['/api/nothing-here', '/%61pi/nothing-here', 'http://shop.test/api/nothing-here']) {
      const res = await t.request('GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code, url).toBe('NOT_FOUND');
    }
  });
});
