/** The generic calls of platform.md 7.2 for every resource, plus the few named extra routes. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Row } from '../db/client.ts';
import { get, list, page } from '../engine/read.ts';
import { create, remove, restore, storeMany, update } from '../engine/write.ts';
import { nextPurchaseOrderNumber } from '../areas/purchasing/next-purchase-order-number.ts';
import { countMaterial } from '../areas/inventory/count-material.ts';
import { takeMaterialSnapshots } from '../areas/inventory/take-material-snapshots.ts';
import { materialSnapshotSummaries } from '../areas/inventory/material-snapshot-summaries.ts';
import { duplicateJob } from '../areas/jobs/duplicate-job.ts';
import { recordHistory } from '../platform/record-history.ts';
import { searchEverything } from '../platform/search-everything.ts';
import { sendPurchaseOrder } from '../areas/purchasing/send-purchase-order.ts';
import { receivePurchaseOrder } from '../areas/purchasing/receive-purchase-order.ts';
import { splitPurchaseOrderLine } from '../areas/purchasing/split-purchase-order-line.ts';
import { purchaseOrderSuggestions, purchaseOrdersFromSuggestions } from '../areas/purchasing/purchase-order-suggestions.ts';
import { pullBom, returnBom } from '../areas/inventory/pull-bom.ts';

type Params = { resource: string; id: string };
const query = (r: FastifyRequest) => (r.query ?? {}) as Row;

export function registerResourceRoutes(app: FastifyInstance) {
  // Named routes first: Fastify prefers static segments over parameters.
  app.get('/api/purchase_orders/next_number', async (request) => ({ data: { number: await nextPurchaseOrderNumber({ ctx: request.ctx }) } }));
  // Restore, for every soft-deleting resource (discontinued products, jobs in the trash); 404 for others.
  app.patch('/api/:resource/:id/restore', async (request) => restore(request.ctx, (request.params as Params).resource, (request.params as Params).id));
  app.post('/api/materials/:id/count', async (request, reply) => {
    const answer = await countMaterial({ ctx: request.ctx, id: (request.params as Params).id, input: request.body });
    return reply.status(201).send(answer);
  });
  app.post('/api/jobs/:id/duplicate', async (request, reply) =>
    reply.status(201).send(await duplicateJob({ ctx: request.ctx, id: (request.params as Params).id, body: request.body })));
  app.get('/api/history/:resource/:id', async (request) => recordHistory({ ctx: request.ctx, ...(request.params as Params) }));
  app.get('/api/search', async (request) => searchEverything({ ctx: request.ctx, q: query(request).q }));
  app.post('/api/material_snapshots/take', async (request, reply) => reply.status(201).send(await takeMaterialSnapshots({ ctx: request.ctx, input: request.body })));
  // Purchasing (issue 10): answers are `{data}` (jobs-contract).
  const idOf = (request: FastifyRequest) => (request.params as Params).id;
  app.get('/api/purchase_orders/suggestions', async (request) => purchaseOrderSuggestions({ ctx: request.ctx }));
  app.post('/api/purchase_orders/from_suggestions', async (request, reply) =>
    reply.status(201).send(await purchaseOrdersFromSuggestions({ ctx: request.ctx, input: request.body })));
  app.post('/api/purchase_orders/:id/send', async (request) => ({ data: await sendPurchaseOrder({ ctx: request.ctx, id: idOf(request) }) }));
  app.post('/api/purchase_orders/:id/receive', async (request) => ({ data: await receivePurchaseOrder({ ctx: request.ctx, id: idOf(request) }) }));
  app.post('/api/purchase_order_materials/:id/split', async (request) => splitPurchaseOrderLine({ ctx: request.ctx, id: idOf(request), input: request.body }));
  app.post('/api/boms/:id/pull', async (request) => ({ data: await pullBom({ ctx: request.ctx, id: idOf(request) }) }));
  app.post('/api/boms/:id/return', async (request) => ({ data: await returnBom({ ctx: request.ctx, id: idOf(request) }) }));
  app.get('/api/material_snapshots/summary', async (request) => materialSnapshotSummaries({ ctx: request.ctx }));

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
