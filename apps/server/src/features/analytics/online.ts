/** Players with at least one game socket open in this process, with a listener for every change. */
export class OnlineTracker {
  private readonly sockets = new Map<string, number>();
  private readonly listeners = new Set<(onlineNow: number) => void>();

  get count(): number {
    return this.sockets.size;
  }

  joined(userId: string): void {
    const before = this.sockets.get(userId) ?? 0;
    this.sockets.set(userId, before + 1);
    if (before === 0) this.changed();
  }

  left(userId: string): void {
    const before = this.sockets.get(userId) ?? 0;
    if (before <= 1) {
      if (this.sockets.delete(userId)) this.changed();
    } else {
      this.sockets.set(userId, before - 1);
    }
  }

  /** Calls `listener` with the new count after each change; returns the unsubscribe function. */
  subscribe(listener: (onlineNow: number) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  private changed(): void {
    const count = this.count;
    for (const listener of this.listeners) listener(count);
  }
}
