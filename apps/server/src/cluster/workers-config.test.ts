import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';

describe('WORKERS', () => {
  it('is one process by default and any whole number above with Postgres', () => {
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig({ WORKERS: '3', DATABASE_URL: 'postgres://db/x' }).workers).toBe(3);
  });

  it('refuses what cannot work, with the reason', () => {
    expect(() => loadConfig({ WORKERS: '0' })).toThrow(/1 or more/);
    expect(() => loadConfig({ WORKERS: 'two' })).toThrow(/whole number/);
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(/needs DATABASE_URL/);
    expect(() => loadConfig({ WORKERS: '2', DATABASE_URL: 'postgres://db/x', CLUSTER: 'false' })).toThrow(/needs CLUSTER/);
  });

  it('has a worker answer /metrics for all workers, through the front', () => {
    expect(loadConfig({}).behindFront).toBe(false);
    expect(loadConfig({ SMOULDER_WORKER: '1', DATABASE_URL: 'postgres://db/x' }).behindFront).toBe(true);
  });
});
