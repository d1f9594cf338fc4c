import type { FromWorker, Gathered, ToWorker } from './messages.ts';

const TIMEOUT_MS = 10_000;
const waits = new Map<number, (gathered: Gathered) => void>();
let nextId = 0;
let listening = false;

/**
 * Every worker's metrics, asked of the front (a worker's own would be a share of the picture).
 * Rejects when the front does not answer.
 */
export function gatherFromFront(): Promise<Gathered> {
  if (!listening) {
    listening = true;
    process.on('message', (message: ToWorker) => {
      if (message.type === 'gathered') waits.get(message.id)?.(message);
    });
  }
  return new Promise((resolve, reject) => {
    const id = nextId++;
    const timer = setTimeout(() => {
      waits.delete(id);
      reject(new Error('the front did not answer for the metrics'));
    }, TIMEOUT_MS);
    waits.set(id, ({ contentType, text }) => {
      clearTimeout(timer);
      waits.delete(id);
      resolve({ contentType, text });
    });
    process.send!({ type: 'gather', id } satisfies FromWorker);
  });
}
