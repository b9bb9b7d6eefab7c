import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { E2E_ADMIN } from './constants.js';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const baseUrl = () => inject('baseUrl');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** A fresh context (empty local storage) with the app's base URL. */
export async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

export async function signIn(page: Page, username = E2E_ADMIN.username, password = E2E_ADMIN.password) {
  await page.goto('/login');
  await page.getByLabel(/username or email/i).fill(username);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole('button', { name: /sign in|log in|login/i }).click();
  await page.waitForURL('**/dashboard');
}

/**
 * One browser for a test file, launched before its tests and closed after them; each journey
 * runs in a fresh context (no stored session) that is always closed.
 */
export function sharedBrowser() {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return async function inFreshContext(journey: (page: Page) => Promise<void>) {
    const { context, page } = await newPage(browser);
    // The page runs under a strict CSP: anything it refuses is a defect, whichever journey shows it.
    const violations: string[] = [];
    await page.exposeFunction('reportCspViolation', (violation: string) => violations.push(violation));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const report = (window as unknown as { reportCspViolation: (v: string) => void }).reportCspViolation;
        report(`${event.violatedDirective} refused ${event.blockedURI} at ${event.documentURI}`);
      });
    });
    try {
      await journey(page);
      if (violations.length > 0) throw new Error(`The page broke its Content Security Policy:\n${violations.join('\n')}`);
    } finally {
      await context.close();
    }
  };
}

/**
 * One browser and one page for a test file whose journeys follow each other on that page: opened
 * before the file's tests, with `ready` run on the new page (to sign in, say), and closed after them.
 */
export function pageForFile(ready: (page: Page) => Promise<void>) {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
    const opened = await newPage(browser);
    context = opened.context;
    await ready(opened.page);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });
}
