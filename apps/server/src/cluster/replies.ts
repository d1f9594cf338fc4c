/**
 * Answers awaited over an IPC channel, matched to their question by id: `ask` sends a question and
 * resolves with its answer, or with null when none came within `timeoutMs`; `answer` settles one.
 */
export class Replies<T> {
  private readonly waits = new Map<number, (value: T | null) => void>();
  private nextId = 0;

  ask(send: (id: number) => void, timeoutMs: number): Promise<T | null> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => settle(null), timeoutMs);
      const settle = (value: T | null) => {
        clearTimeout(timer);
        this.waits.delete(id);
        resolve(value);
      };
      this.waits.set(id, settle);
      send(id);
    });
  }

  answer(id: number, value: T): void {
    this.waits.get(id)?.(value);
  }
}
