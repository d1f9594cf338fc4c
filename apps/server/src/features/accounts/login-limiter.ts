/**
 * Failed sign-ins per account, so a password cannot be guessed from many addresses at once (the
 * per-IP limit stops one address). After `max` failures for an email within `windowMs` of the
 * first, that email is refused (429) until the window ends, even with the right password; a
 * successful sign-in clears its count.
 *
 * Counts live in this process's memory: enough for one server process, lost on restart, and not
 * shared between processes (several processes would each allow `max`). At most `maxTracked`
 * emails are remembered; past that, expired entries go first, then the oldest.
 */
export interface LoginLimits {
  max: number;
  windowMs: number;
  maxTracked?: number;
}

interface Entry {
  failures: number;
  resetAt: number;
}

export class LoginLimiter {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly limits: LoginLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** Ms until `email` may try again, or 0 when it may try now. */
  retryAfter(email: string): number {
    const entry = this.live(email);
    return entry && entry.failures >= this.limits.max ? entry.resetAt - this.now() : 0;
  }

  failed(email: string): void {
    const entry = this.live(email);
    if (entry) {
      entry.failures += 1;
      return;
    }
    this.makeRoom();
    this.entries.set(email, { failures: 1, resetAt: this.now() + this.limits.windowMs });
  }

  succeeded(email: string): void {
    this.entries.delete(email);
  }

  get tracked(): number {
    return this.entries.size;
  }

  private live(email: string): Entry | null {
    const entry = this.entries.get(email);
    if (!entry) return null;
    if (entry.resetAt > this.now()) return entry;
    this.entries.delete(email);
    return null;
  }

  private makeRoom(): void {
    const cap = this.limits.maxTracked ?? 100_000;
    if (this.entries.size < cap) return;
    const now = this.now();
    for (const [email, entry] of this.entries) if (entry.resetAt <= now) this.entries.delete(email);
    // Map keeps insertion order: the first key is the oldest entry.
    while (this.entries.size >= cap) this.entries.delete(this.entries.keys().next().value!);
  }
}
