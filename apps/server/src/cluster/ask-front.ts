import type { WorkersReadiness } from '@smoulder/protocol';
import type { FromWorker, Gathered, ToWorker } from './messages.ts';
import { Replies } from './replies.ts';

const TIMEOUT_MS = 10_000;

/**
 * Questions a worker asks the front about all the workers, when a request for the whole picture
 * reached it on a kept-alive connection (its own answer would be a share of it).
 */
let channel: { metrics: Replies<Gathered>; readiness: Replies<WorkersReadiness> } | null = null;

function frontChannel(): NonNullable<typeof channel> {
  if (channel) return channel;
  const own = (channel = { metrics: new Replies<Gathered>(), readiness: new Replies<WorkersReadiness>() });
  process.on('message', (message: ToWorker) => {
    if (message.type === 'gathered') own.metrics.answer(message.id, { contentType: message.contentType, text: message.text });
    else if (message.type === 'readiness-of-all') own.readiness.answer(message.id, message.readiness);
  });
  return own;
}

const ask = (message: (id: number) => FromWorker) => (id: number) => process.send!(message(id));

/** Every worker's metrics. Rejects when the front does not answer. */
export async function gatherFromFront(): Promise<Gathered> {
  const gathered = await frontChannel().metrics.ask(ask((id) => ({ type: 'gather', id })), TIMEOUT_MS);
  if (!gathered) throw new Error('the front did not answer for the metrics');
  return gathered;
}

/** Every worker's readiness. Rejects when the front does not answer. */
export async function readinessFromFront(): Promise<WorkersReadiness> {
  const readiness = await frontChannel().readiness.ask(ask((id) => ({ type: 'readiness-of-all', id })), TIMEOUT_MS);
  if (!readiness) throw new Error('the front did not answer for the workers’ readiness');
  return readiness;
}
