import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { MAX_IMPORT_BYTES, MAX_ORIGINAL_IMPORT_BYTES, type FinishedGamesResponse } from '@smoulder/protocol';
import { sendError } from '../../http/errors.ts';
import type { CurrentSession } from '../accounts/sessions.ts';
import { listFinishedGames } from '../game/finished-games-repo.ts';
import { exportFile, readImport, readOriginalImport } from './save-file.ts';

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

  /** The player's won games, kept on the account when the next game began (issue 5), newest first. */
  app.get('/api/account/finished-games', async (request, reply): Promise<FinishedGamesResponse | FastifyReply> => {
    const current = await signedIn(request, reply);
    if (!current) return reply;
    const rows = await listFinishedGames(app.db.prisma, current.user.id);
    return {
      games: rows.map((row) => ({
        gameId: row.gameId,
        score: row.score,
        total: row.total,
        beacon: row.beacon,
        playMs: row.playMs,
        finishedAt: row.finishedAt.toISOString(),
      })),
    };
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

  // The original 2013 game's save code, as `{ "code": "…" }`: a route of its own (its answer lists
  // what could not be carried over), converted by the engine; nothing changes unless it converts.
  await app.register(async (scope) => {
    scope.setErrorHandler((err: Error & { statusCode?: number }, request, reply) => {
      const status = err.statusCode ?? 500;
      if (status === 413) return sendError(reply, 413, 'import/too_large', 'the save code is too large: a real one is under 100 kB');
      if (status >= 400 && status < 500) return sendError(reply, status, 'request/invalid', err.message || 'the request is not valid');
      request.log.error({ err }, 'request failed');
      return sendError(reply, 500, 'server/error', 'something went wrong on our side');
    });
    scope.post('/api/account/import/original', { bodyLimit: MAX_ORIGINAL_IMPORT_BYTES }, async (request, reply) => {
      const current = await signedIn(request, reply);
      if (!current) return reply;
      const read = readOriginalImport(request.body);
      if (!read.ok) return sendError(reply, 400, read.code, read.message, read.issues);
      const result = await history.import(current.user.id, read.state, read.state.version);
      if (!result) return sendError(reply, 404, 'request/not_found', 'there is no game to replace');
      return { notCarried: read.notCarried, saved: result.saved };
    });
  });
};

export default saveHistoryRoutes;
