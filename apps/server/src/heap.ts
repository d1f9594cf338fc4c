import v8 from 'node:v8';

/**
 * Sets how far the heap may grow past what survived the last full collection before the next one
 * (see DEFAULT_HEAP_GROWING_PERCENT in config.ts); 0 leaves it to V8. Set before the app is built,
 * so it holds from the first collection on.
 */
export function limitHeapGrowth(percent: number): void {
  if (percent > 0) v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
}
