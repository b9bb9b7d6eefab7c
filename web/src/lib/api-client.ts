import { sessionStorageStore } from './session-storage';

export const API_BASE = '/api';

/** An answer from the API that was not 2xx, carrying the server's `{message, code, details}`. */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly code: string | undefined;
  readonly details: unknown;
  /** The whole parsed body, for calls whose errors carry more than a message (PUT /settings has `error`). */
  readonly body: unknown;

  constructor(init: { status: number; statusText: string; message: string; code?: string; details?: unknown; body?: unknown }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.statusText = init.statusText;
    this.code = init.code;
    this.details = init.details;
    this.body = init.body;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** 403 means "signed in but not allowed": pages show Access Denied, actions a toast; never a sign-out. */
export const isForbidden = (error: unknown) => isApiError(error) && error.status === 403;

type UnauthorizedHandler = () => void;

// The router registers how to go to /login; until it does, a plain page load does the job.
let unauthorizedHandler: UnauthorizedHandler = () => {
  if (window.location.pathname !== '/login') window.location.assign('/login');
};

export function setUnauthorizedHandler(handler: UnauthorizedHandler) {
  unauthorizedHandler = handler;
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  params?: Record<string, QueryValue | readonly QueryValue[]>;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export function buildUrl(path: string, params?: RequestOptions['params']): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item === undefined || item === null || item === '') continue;
      search.append(key, String(item));
    }
  }
  const query = search.toString();
  return query ? `${url}?${query}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toApiError(response: Response, body: unknown): ApiError {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const serverMessage = typeof record.message === 'string' && record.message ? record.message : undefined;
  return new ApiError({
    status: response.status,
    statusText: response.statusText,
    message: serverMessage ?? `HTTP ${response.status}: ${response.statusText}`,
    code: typeof record.code === 'string' ? record.code : undefined,
    details: record.details,
    body,
  });
}

export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const token = sessionStorageStore.getToken();
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (token) headers.Authorization = `Bearer ${token}`;
  const hasBody = options.body !== undefined;
  if (hasBody) headers['Content-Type'] = 'application/json';

  const response = await fetch(buildUrl(path, options.params), {
    method,
    headers,
    body: hasBody ? JSON.stringify(options.body) : undefined,
    signal: options.signal,
  });
  const body = await readBody(response);
  if (response.ok) return body as T;

  // Only a call that carried a token proves the session is dead; a failed sign-in is just a 401 message.
  if (response.status === 401 && token) {
    sessionStorageStore.clear();
    unauthorizedHandler();
  }
  throw toApiError(response, body);
}

export const apiClient = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, options),
};

/**
 * A raw call for bodies that are not JSON (multipart uploads, CSV, event streams): bearer token,
 * the same 401 handling and ApiError as apiRequest, but an OK response is handed back unread.
 */
export async function apiFetch(path: string, init: RequestInit & { params?: RequestOptions['params'] } = {}): Promise<Response> {
  const { params, ...rest } = init;
  const token = sessionStorageStore.getToken();
  const headers = new Headers(rest.headers);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const response = await fetch(buildUrl(path, params), { ...rest, headers });
  if (response.ok) return response;
  const body = await readBody(response);
  if (response.status === 401 && token) {
    sessionStorageStore.clear();
    unauthorizedHandler();
  }
  throw toApiError(response, body);
}
