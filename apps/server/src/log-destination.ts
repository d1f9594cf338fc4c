import pino from 'pino';

/**
 * Standard output, written as each line is logged. pino's default stream buffers lines and, on
 * exit, flushes them in a loop that retries a failed write until it succeeds: once nobody reads the
 * output any more (a front killed outright, a log shipper gone), that loop never ends, and a worker
 * left holding its players' locks can never exit. Written at once, a broken pipe only stops the
 * logging.
 */
export function logDestination(fd = 1): pino.DestinationStream {
  return pino.destination({ dest: fd, sync: true });
}
