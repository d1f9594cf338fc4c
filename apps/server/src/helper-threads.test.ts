import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_HELPER_THREADS_NICE, loadConfig } from './config.ts';
import { niceHelperThreads } from './helper-threads.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const onLinux = fs.existsSync('/proc/self/task');

describe('helper threads', () => {
  afterEach(() => vi.restoreAllMocks());

  it('run at niceness 10 unless HELPER_THREADS_NICE says otherwise, from 0 to 19', () => {
    expect(DEFAULT_HELPER_THREADS_NICE).toBe(10);
    expect(loadConfig({}).helperThreadsNice).toBe(10);
    expect(loadConfig({ HELPER_THREADS_NICE: '0' }).helperThreadsNice).toBe(0);
    expect(loadConfig({ HELPER_THREADS_NICE: '19' }).helperThreadsNice).toBe(19);
    expect(() => loadConfig({ HELPER_THREADS_NICE: '20' })).toThrow(/0 to 19/);
    expect(() => loadConfig({ HELPER_THREADS_NICE: '-1' })).toThrow(/whole number/);
  });

  it('are left alone at 0, and where there is no /proc', () => {
    const set = vi.spyOn(os, 'setPriority').mockImplementation(() => {});
    expect(niceHelperThreads(0)).toBe(0);
    expect(niceHelperThreads(10, path.join(os.tmpdir(), 'no-such-proc', 'task'))).toBe(0);
    expect(set).not.toHaveBeenCalled();
  });

  it.runIf(onLinux)('are lowered, all but the main thread, and only once', () => {
    // in a process of its own: a priority lowered here could not be raised again for later tests
    const script = `
      import fs from 'node:fs';
      import { niceHelperThreads } from ${JSON.stringify(path.join(here, 'helper-threads.ts'))};
      await fs.promises.stat('.'); // starts libuv's pool, whose threads start together
      const nices = () => Object.fromEntries(fs.readdirSync('/proc/self/task').map((tid) => {
        const stat = fs.readFileSync('/proc/self/task/' + tid + '/stat', 'utf8');
        return [tid, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])];
      }));
      const before = nices();
      const first = niceHelperThreads(7);
      const second = niceHelperThreads(7);
      console.log(JSON.stringify({ pid: process.pid, before, after: nices(), first, second }));
    `;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    const { pid, before, after, first, second } = JSON.parse(out) as {
      pid: number;
      before: Record<string, number>;
      after: Record<string, number>;
      first: number;
      second: number;
    };
    const helpers = Object.keys(after).filter((tid) => Number(tid) !== pid);
    expect(helpers.length).toBeGreaterThanOrEqual(4);
    expect(after[pid]).toBe(before[pid]);
    // a thread already at 7 or lower in priority (CI may run everything niced) keeps its niceness
    for (const tid of helpers) expect(after[tid]).toBe(Math.max(7, before[tid] ?? 0));
    expect(first).toBe(helpers.filter((tid) => (before[tid] ?? 0) < 7).length);
    expect(second).toBe(0);
  });
});
