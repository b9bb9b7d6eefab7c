import { baseUrl } from './browser.js';
import { E2E_ADMIN } from './constants.js';

/**
 * Test data through the real HTTP API, signed in as the e2e admin: what the journeys then check
 * in the browser is what the server stored, not what a test wrote into the page.
 */

let adminToken: Promise<string> | undefined;

async function signInForToken(username: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`signing in ${username}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

const getAdminToken = () => (adminToken ??= signInForToken(E2E_ADMIN.username, E2E_ADMIN.password));

export async function api<T = unknown>(method: string, path: string, body?: unknown, expectedStatus?: number): Promise<T> {
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${await getAdminToken()}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const ok = expectedStatus === undefined ? res.ok : res.status === expectedStatus;
  if (!ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Creates a user through the API as the e2e admin; returns nothing the browser keeps. */
export const createUserViaApi = (user: { username: string; password: string; role: 'admin' | 'shop_manager'; permissions?: Record<string, boolean> }) =>
  api('POST', '/users', { email: `${user.username}@bosun.test`, ...user }, 201);

/** A short suffix that keeps names unique across tests and runs on the shared database. */
export const uniqueSuffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export interface CreatedVendor {
  id: number;
  name: string;
}

export async function createVendor(name: string): Promise<CreatedVendor> {
  const { vendor } = await api<{ vendor: CreatedVendor }>('POST', '/vendors', { name }, 201);
  return vendor;
}

export interface NewProduct {
  sku: string;
  name: string;
  stock?: number;
  list_price?: number | null;
  vendor_id?: number | null;
  store_category_id?: number | null;
  featured?: boolean;
}

export interface CreatedProduct extends Required<Pick<NewProduct, 'sku' | 'name'>> {
  id: number;
}

export const createProduct = (product: NewProduct) => api<CreatedProduct>('POST', '/products', product, 201);

/** Many products whose creation order does not matter, a few requests at a time. */
export async function createManyProducts(products: NewProduct[], concurrency = 8): Promise<CreatedProduct[]> {
  const created: CreatedProduct[] = new Array(products.length);
  let next = 0;
  const worker = async () => {
    while (next < products.length) {
      const index = next++;
      created[index] = await createProduct(products[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, products.length) }, worker));
  return created;
}

/** Several products one after the other, so that their creation order is the order given. */
export async function createProducts(products: NewProduct[]): Promise<CreatedProduct[]> {
  const created: CreatedProduct[] = [];
  for (const product of products) created.push(await createProduct(product));
  return created;
}

export interface DashboardStatsResponse {
  stats: { totalProducts: number; totalVendors: number; outOfStock: number; featuredProducts: number; totalVariations: number };
  topVendors: { id: number; name: string; product_count: number }[];
  storeCategories: { top: { id: number; name: string; product_count: number }[]; other: { categories: number; product_count: number } };
}

export const getDashboardStats = () => api<DashboardStatsResponse>('GET', '/dashboard/stats');

export interface ApiUser {
  id: number;
  username: string;
  role: 'admin' | 'shop_manager';
  status: 'active' | 'pending';
  permissions: Record<string, boolean>;
}

export const listUsers = () => api<ApiUser[]>('GET', '/users');

export const findUser = async (username: string) => (await listUsers()).find((u) => u.username === username);
