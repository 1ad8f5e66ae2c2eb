/** The generic calls of docs/platform.md, Generic calls for every resource; named actions are action-routes.ts's. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Row } from '../db/client.ts';
import { get, list, page } from '../engine/read.ts';
import { create, remove, storeMany, update } from '../engine/write.ts';
import { onceByKey } from './idempotency.ts';

type Params = { resource: string; id: string };
const query = (r: FastifyRequest) => (r.query ?? {}) as Row;

export function registerResourceRoutes(app: FastifyInstance) {
  app.get('/api/:resource', async (request) => {
    const { resource } = request.params as Params;
    const q = query(request);
    if (q.page !== undefined || q.per_page !== undefined) return page(request.ctx, resource, q);
    return list(request.ctx, resource, q);
  });
  app.get('/api/:resource/:id', async (request) => {
    const { resource, id } = request.params as Params;
    return get(request.ctx, resource, id, query(request).accessed_at);
  });
  // Each write is made once per Idempotency-Key (idempotency.ts): a device's resend answers the first answer.
  app.post('/api/:resource', async (request, reply) => onceByKey(request, reply, 201, (ctx) => create(ctx, (request.params as Params).resource, request.body)));
  app.post('/api/:resource/store_many', async (request, reply) =>
    onceByKey(request, reply, 200, (ctx) => storeMany(ctx, (request.params as Params).resource, request.body)),
  );
  for (const method of ['patch', 'put'] as const) {
    app[method]('/api/:resource/:id', async (request, reply) => {
      const { resource, id } = request.params as Params;
      return onceByKey(request, reply, 200, (ctx) => update(ctx, resource, id, request.body));
    });
  }
  app.delete('/api/:resource/:id', async (request, reply) => {
    const { resource, id } = request.params as Params;
    return onceByKey(request, reply, 200, (ctx) => remove(ctx, resource, id));
  });
}
