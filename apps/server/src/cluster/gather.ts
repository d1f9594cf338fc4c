import type { FromWorker, Gathered, ToWorker } from './messages.ts';
import { Replies } from './replies.ts';

const TIMEOUT_MS = 10_000;
let replies: Replies<Gathered> | null = null;

/**
 * Every worker's metrics, asked of the front (a worker's own would be a share of the picture).
 * Rejects when the front does not answer.
 */
export async function gatherFromFront(): Promise<Gathered> {
  if (!replies) {
    const own = (replies = new Replies<Gathered>());
    process.on('message', (message: ToWorker) => {
      if (message.type === 'gathered') own.answer(message.id, { contentType: message.contentType, text: message.text });
    });
  }
  const gathered = await replies.ask((id) => process.send!({ type: 'gather', id } satisfies FromWorker), TIMEOUT_MS);
  if (!gathered) throw new Error('the front did not answer for the metrics');
  return gathered;
}
