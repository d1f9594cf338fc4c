import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { MAX_IMPORT_BYTES } from '@smoulder/protocol';
import { sendError } from '../../http/errors.ts';
import type { CurrentSession } from '../accounts/sessions.ts';
import { exportFile, readImport } from './save-file.ts';

/**
 * The save history, export and import. Every route acts on the signed-in player's own game: there is
 * no user id to give, and a snapshot id that is not theirs answers 404 as if it did not exist.
 */
const saveHistoryRoutes: FastifyPluginAsync<{ wallNow?: () => number }> = async (app, opts) => {
  const history = app.saveHistory;
  const now = () => new Date((opts.wallNow ?? Date.now)());

  const signedIn = async (request: FastifyRequest, reply: FastifyReply): Promise<CurrentSession | null> => {
    const current = await app.sessions.current(request);
    if (!current) sendError(reply, 401, 'auth/required', 'sign in or start as a guest first');
    return current;
  };

  app.get('/api/account/snapshots', async (request, reply) => {
    const current = await signedIn(request, reply);
    if (!current) return reply;
    return { snapshots: await history.list(current.user.id) };
  });

  app.post<{ Params: { id: string } }>('/api/account/snapshots/:id/restore', async (request, reply) => {
    const current = await signedIn(request, reply);
    if (!current) return reply;
    const restored = await history.restore(current.user.id, request.params.id);
    if (!restored) return sendError(reply, 404, 'request/not_found', 'no such snapshot in your history');
    return restored;
  });

  app.get('/api/account/export', async (request, reply) => {
    const current = await signedIn(request, reply);
    if (!current) return reply;
    const state = await history.currentState(current.user.id);
    if (!state) return sendError(reply, 404, 'request/not_found', 'there is no game to export');
    const at = now();
    return reply
      .header('content-disposition', `attachment; filename="smoulder-${at.toISOString().slice(0, 10)}.json"`)
      .header('cache-control', 'no-store')
      .send(exportFile(state, at));
  });

  // The import reads its body as text, with its own limit, and parses it itself (readImport):
  // depth, forbidden keys and every value are checked before anything changes.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: MAX_IMPORT_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    scope.post('/api/account/import', { bodyLimit: MAX_IMPORT_BYTES }, async (request, reply) => {
      const current = await signedIn(request, reply);
      if (!current) return reply;
      const text = typeof request.body === 'string' ? request.body : '';
      const read = readImport(text);
      if (!read.ok) return sendError(reply, 400, read.code, read.message, read.issues);
      const result = await history.import(current.user.id, read.state, read.fromVersion);
      if (!result) return sendError(reply, 404, 'request/not_found', 'there is no game to replace');
      return result;
    });
  });
};

export default saveHistoryRoutes;
