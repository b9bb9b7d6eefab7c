import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/render';
import { sampleCategories } from '../testing/category-fixtures';
import { categoriesLoadErrorMessage, CategoriesLoadError, getCategories } from './get-categories';

const ok = () => jsonResponse(sampleCategories());
const networkDown = () => Promise.reject(new TypeError('Failed to fetch'));
/** A server that never answers: the request ends only when aborted. */
const hang = (_url: string, init?: RequestInit) =>
  new Promise<Response>((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
  });

describe('getCategories: 10 s time-out, 3 attempts, waits of 1000 ms x attempt', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    vi.useFakeTimers();
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('tries again after 1000 ms, then 2000 ms, announcing each retry, and returns what the third attempt gets', async () => {
    fetchMock.mockImplementationOnce(networkDown).mockImplementationOnce(networkDown).mockImplementationOnce(() => Promise.resolve(ok()));
    const onRetry = vi.fn();
    const result = getCategories({ onRetry });

    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(onRetry).toHaveBeenLastCalledWith(1, 3);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(onRetry).toHaveBeenLastCalledWith(2, 3);
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);

    await expect(result).resolves.toMatchObject({ flatCategories: expect.any(Array) });
    expect(onRetry).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/categories');
  });

  it('gives up after 3 attempts with the final failure message', async () => {
    fetchMock.mockImplementation(networkDown);
    const onRetry = vi.fn();
    const result = getCategories({ onRetry });
    const settled = expect(result).rejects.toThrow(
      'Failed to load categories after multiple attempts. Please check your connection and try again.',
    );
    await vi.advanceTimersByTimeAsync(3000);
    await settled;
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(onRetry.mock.calls).toEqual([
      [1, 3],
      [2, 3],
    ]);
  });

  it('treats a 5xx as a failed attempt too', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ message: 'Internal Server Error', code: 'INTERNAL' }, { status: 500 }))
      .mockResolvedValueOnce(ok());
    const result = getCategories();
    await vi.advanceTimersByTimeAsync(1000);
    await expect(result).resolves.toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('aborts an attempt after 10 s and reports a time-out when the last attempt timed out', async () => {
    fetchMock.mockImplementation(hang);
    const onRetry = vi.fn();
    const result = getCategories({ onRetry });
    const settled = expect(result).rejects.toThrow('Request timed out. Please check your connection.');

    await vi.advanceTimersByTimeAsync(9_999);
    expect(onRetry).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onRetry).toHaveBeenCalledWith(1, 3);
    expect((fetchMock.mock.calls[0]![1] as RequestInit).signal!.aborted).toBe(true);

    await vi.advanceTimersByTimeAsync(1000 + 10_000 + 2000 + 10_000);
    await settled;
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await result.catch((error) => expect(error).toBeInstanceOf(CategoriesLoadError));
  });

  it('does not repeat a 4xx: the server has answered', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ message: "You don't have permission to do this.", code: 'FORBIDDEN' }, { status: 403 }));
    const onRetry = vi.fn();
    const error = await getCategories({ onRetry }).catch((e: unknown) => e);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(onRetry).not.toHaveBeenCalled();
    expect(categoriesLoadErrorMessage(error)).toBe("You don't have permission to do this.");

    fetchMock.mockResolvedValue(new Response(null, { status: 404, statusText: 'Not Found' }));
    expect(categoriesLoadErrorMessage(await getCategories().catch((e: unknown) => e))).toBe('Error loading categories (404)');
  });

  it('stops at once, without retrying, when the caller gives up', async () => {
    fetchMock.mockImplementation(hang);
    const onRetry = vi.fn();
    const controller = new AbortController();
    const result = getCategories({ signal: controller.signal, onRetry });
    const settled = expect(result).rejects.toBeTruthy();
    await vi.advanceTimersByTimeAsync(500);
    controller.abort();
    await settled;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(onRetry).not.toHaveBeenCalled();
  });
});
