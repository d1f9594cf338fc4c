import v8 from 'node:v8';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_HEAP_GROWING_PERCENT, loadConfig } from './config.ts';
import { limitHeapGrowth } from './heap.ts';

describe('heap growth', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is limited to 40 % past the live heap unless HEAP_GROWING_PERCENT says otherwise', () => {
    expect(loadConfig({}).heapGrowingPercent).toBe(DEFAULT_HEAP_GROWING_PERCENT);
    expect(DEFAULT_HEAP_GROWING_PERCENT).toBe(40);
    expect(loadConfig({ HEAP_GROWING_PERCENT: '0' }).heapGrowingPercent).toBe(0);
    expect(loadConfig({ HEAP_GROWING_PERCENT: '75' }).heapGrowingPercent).toBe(75);
    expect(() => loadConfig({ HEAP_GROWING_PERCENT: '-5' })).toThrow(/whole number/);
  });

  it('is handed to V8 as its flag, and left to V8 at 0', () => {
    const set = vi.spyOn(v8, 'setFlagsFromString').mockImplementation(() => {});
    limitHeapGrowth(0);
    expect(set).not.toHaveBeenCalled();
    limitHeapGrowth(40);
    expect(set).toHaveBeenCalledWith('--heap-growing-percent=40');
  });
});
