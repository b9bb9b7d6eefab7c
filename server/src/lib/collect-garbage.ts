/**
 * A full garbage collection when the process runs with --expose-gc (`npm start` does); elsewhere
 * (tests, `npm run dev`) nothing, and V8 decides alone. For the moments before a long job whose
 * peak memory is what it adds to a compact heap.
 */
export function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}
