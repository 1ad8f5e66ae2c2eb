/**
 * Estimating's named actions from the web (shared/actions/estimating.ts): status, convert, revise.
 * Each writes what it answers into the cache and marks stale the lists it moved.
 */
import type { QueryClient } from '@tanstack/react-query';
import { ACTION_ROUTES } from '@glazier/shared/actions/routes';
import type { EstimateStatus } from '@glazier/shared/rules/estimating/estimate-status';
import { callAction } from '../../resource-kit/http/actions.ts';
import { resourceKeys } from '../../resource-kit/records/records.ts';
import { storeRecords } from '../../resource-kit/records/queries.ts';
import type { RecordOf } from '@glazier/shared/resources/records';

type Estimate = RecordOf<'estimates'>;

export async function changeStatus(queryClient: QueryClient, id: number, status: EstimateStatus): Promise<Estimate> {
  const { data } = await callAction(ACTION_ROUTES['estimates.status'], { params: { id }, body: { status } });
  storeRecords(queryClient, 'estimates', [data]);
  return data;
}

/** The job of a won estimate (made once; again: the same job), numbered `jobNumber` (none: the numbering rule's next). */
export async function convertToJob(queryClient: QueryClient, id: number, jobNumber?: string): Promise<RecordOf<'jobs'>> {
  const { data } = await callAction(ACTION_ROUTES['estimates.convert'], { params: { id }, body: { job_number: jobNumber?.trim() || undefined } });
  storeRecords(queryClient, 'jobs', [data]);
  void queryClient.invalidateQueries({ queryKey: resourceKeys.all('estimates') });
  return data;
}

/** The next revision, a draft; the one it was made from is kept read-only. */
export async function revise(queryClient: QueryClient, id: number): Promise<Estimate> {
  const { data } = await callAction(ACTION_ROUTES['estimates.revise'], { params: { id } });
  void queryClient.invalidateQueries({ queryKey: resourceKeys.all('estimates') });
  return data;
}
