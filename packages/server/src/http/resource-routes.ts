/** The generic calls of platform.md 7.2 for every resource; named actions are action-routes.ts's. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Row } from '../db/client.ts';
import { get, list, page } from '../engine/read.ts';
import { create, remove, storeMany, update } from '../engine/write.ts';

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
  app.post('/api/:resource', async (request, reply) => {
    const record = await create(request.ctx, (request.params as Params).resource, request.body);
    return reply.status(201).send(record);
  });
  app.post('/api/:resource/store_many', async (request) => storeMany(request.ctx, (request.params as Params).resource, request.body));
  app.patch('/api/:resource/:id', async (request) => {
    const { resource, id } = request.params as Params;
    return update(request.ctx, resource, id, request.body);
  });
  app.put('/api/:resource/:id', async (request) => {
    const { resource, id } = request.params as Params;
    return update(request.ctx, resource, id, request.body);
  });
  app.delete('/api/:resource/:id', async (request) => {
    const { resource, id } = request.params as Params;
    return remove(request.ctx, resource, id);
  });
}
