import type { FastifyReply } from 'fastify';
import type { HttpErrorCode } from '@smoulder/protocol';
import type { z } from 'zod';

export function sendError(
  reply: FastifyReply,
  status: number,
  code: HttpErrorCode,
  message: string,
  issues?: string[],
): FastifyReply {
  return reply.code(status).send({ error: issues ? { code, message, issues } : { code, message } });
}

/** Readable one-line descriptions of a zod failure, e.g. "email: not a valid email address". */
export function describeIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message));
}

export function parseBody<T>(
  schema: z.ZodType<T>,
  body: unknown,
  reply: FastifyReply,
): { ok: true; value: T } | { ok: false } {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return { ok: true, value: parsed.data };
  sendError(reply, 400, 'request/invalid', 'the request is not valid', describeIssues(parsed.error));
  return { ok: false };
}
