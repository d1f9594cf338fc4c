import fs from 'node:fs';
import os from 'node:os';

/**
 * Lowers the scheduling priority of every thread of this process except the main one: V8's
 * concurrent markers and compilers, and libuv's pool (which also hashes passwords). On a box with
 * few cores they otherwise take a core from the event loop, and from Postgres, while a full
 * collection's marking runs; at a lower priority they use what the event loop leaves and the
 * marking simply takes longer (measured with bench:load in docs/operations.md).
 *
 * Threads are listed from /proc, so this works on Linux only and does nothing elsewhere. New threads
 * inherit the priority of the thread that starts them, which for V8's and libuv's is the main
 * thread: call it again after something may have started threads (see `keepHelperThreadsNice`).
 * Returns how many threads it lowered.
 */
export function niceHelperThreads(nice: number, taskDir = '/proc/self/task', mainTid = process.pid): number {
  if (nice <= 0) return 0;
  let tids: number[];
  try {
    tids = fs.readdirSync(taskDir).map(Number).filter((tid) => Number.isInteger(tid) && tid !== mainTid);
  } catch {
    return 0;
  }
  let lowered = 0;
  for (const tid of tids) {
    try {
      if (os.getPriority(tid) >= nice) continue;
      os.setPriority(tid, nice);
      lowered += 1;
    } catch {
      // the thread ended between the listing and now
    }
  }
  return lowered;
}

/** Lowers the helper threads now and re-checks every `everyMs`, for threads started later. */
export function keepHelperThreadsNice(nice: number, everyMs = 30_000): () => void {
  if (nice <= 0) return () => {};
  niceHelperThreads(nice);
  const timer = setInterval(() => niceHelperThreads(nice), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
