/** The analysis's calls (react-query over the declared actions) and what a tab shows while one loads or fails. */
import type { ActionAnswer, ActionDef, ActionQuery } from '@glazier/shared/actions/define';
import { Alert, Center, Loader } from '@mantine/core';
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { callAction } from '../../resource-kit/http/actions.ts';

export function useReport<D extends ActionDef>(action: D, query: ActionQuery<D>): UseQueryResult<ActionAnswer<D>> {
  return useQuery({
    queryKey: ['analysis', action.name, query],
    queryFn: ({ signal }) =>
      (callAction as (a: D, args: { query: ActionQuery<D>; signal: AbortSignal }) => Promise<ActionAnswer<D>>)(action, { query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** The tab's content once its call answered; a loader before, an alert if it failed. */
export function ReportState<T>({ result, what, children }: { result: UseQueryResult<T>; what: string; children: (data: T) => ReactNode }) {
  if (result.data !== undefined) return <>{children(result.data)}</>;
  if (result.isError) {
    return (
      <Alert color="red" role="alert">
        {`Could not load the ${what}.`}
      </Alert>
    );
  }
  return (
    <Center py="xl">
      <Loader role="status" aria-label={`Loading the ${what}`} />
    </Center>
  );
}
