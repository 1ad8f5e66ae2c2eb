import { describe, expect, it } from 'vitest';
import type { RecordOf } from '@glazier/shared/resources/records';
import { groupByJob } from './pickup-page.tsx';

const item = (id: number, job_id: number, category_name: string) => ({ id, job_id, category_name }) as RecordOf<'pickup_items'>;

describe('pickup items grouped by job', () => {
  it('groups in order of first appearance', () => {
    const items = [item(1, 7, 'Mirrors'), item(2, 3, 'Hardware'), item(3, 7, 'Hardware')];
    expect(groupByJob(items).map((g) => [g.jobId, g.items.map((i) => i.id)])).toEqual([
      [7, [1, 3]],
      [3, [2]],
    ]);
  });
});
