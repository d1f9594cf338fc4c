/** What the load benchmark's main thread and its player threads (players-thread.ts) tell each other. */

/** A thread's share of the players: each joins at `joinAt` (epoch ms); an `idle` one never acts. */
export interface ThreadJob {
  host: string;
  players: Array<{ cookie: string; joinAt: number; idle: boolean }>;
}

/** Main → thread: start counting; stop counting and report. */
export type ToThread = { type: 'measure' } | { type: 'report' };

/** Thread → main, once its share has joined: socket → snapshot times, and each join as [epoch ms opened, ms taken]. */
export interface ThreadJoined {
  type: 'joined';
  connectMs: number[];
  joins: Array<[number, number]>;
  failed: number;
}

/** Thread → main, when asked: what it counted while measuring. Times sent (`ackSentAt`) are epoch ms. */
export interface ThreadReport {
  type: 'report';
  sent: number;
  acks: number;
  rejects: Record<string, number>;
  ackMs: number[];
  ackSentAt: number[];
  patchMs: number[];
  patchBytes: number;
  patches: number;
  snapshotBytes: number;
  snapshots: number;
  closes: Record<string, number>;
  /** Its players whose sockets were still open. */
  online: number;
  /** Its own event-loop delay while measuring, ms. */
  lag: { p50: number; p99: number; max: number };
}

export type FromThread = ThreadJoined | ThreadReport;
