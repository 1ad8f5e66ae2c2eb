/**
 * Convert to Job: asks the job's number before the job is made, prefilled with the
 * number it would get (the estimate's job number, else the numbering rule's next, YY-NNNN:
 * `estimates.job_number`); left empty, the server applies the rule. A number taken by another job
 * shows under the field (the job's save refuses it on `number`). Resolves with the job, or null.
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { callAction } from '../../resource-kit/http/actions.ts';
import { reportError } from '../../resource-kit/forms/error-mapper.tsx';
import { ACTION_ROUTES } from '@glazier/shared/actions/routes';
import type { RecordOf } from '@glazier/shared/resources/records';
import { useLoader } from '../../ui/loader.tsx';
import { useModal, type ModalStackApi } from '../../ui/modal-stack.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { convertToJob } from './estimate-actions.ts';

type Job = RecordOf<'jobs'>;

export const CONVERT_QUESTION = 'Convert this estimate to a job?';

function ConvertBody({ estimateId }: { estimateId: number }) {
  const modal = useModal<Job>();
  const loader = useLoader();
  const queryClient = useQueryClient();
  const proposal = useQuery({
    queryKey: ['estimates', 'job_number', estimateId],
    queryFn: ({ signal }) => callAction(ACTION_ROUTES['estimates.job_number'], { params: { id: estimateId }, signal }),
    staleTime: 0,
  });
  // null until typed: the proposal shows (it may arrive after the dialog opens)
  const [typed, setTyped] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const number = typed ?? proposal.data?.data.number ?? '';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      modal.close(await loader.run(convertToJob(queryClient, estimateId, number)));
    } catch (err) {
      // the job's `number` (taken) and the call's `job_number` both belong under the field
      reportError(err, { form: { fields: ['number', 'job_number'], setFieldError: (_field, message) => setError(message) } });
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack>
        <Text>{CONVERT_QUESTION}</Text>
        <TextField
          label="Job number"
          value={number}
          onChange={(e) => (setTyped(e.currentTarget.value), setError(null))}
          error={error}
          helper="The next by the numbering rule, unless the estimate names one. Left empty, the rule gives it."
          maxLength={50}
          data-autofocus
          data-testid="convert-job-number"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => modal.dismiss()}>
            Cancel
          </Button>
          <Button type="submit">Convert</Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Opens Convert to Job; resolves with the job made (or the one made before), or null. */
export function openConvertDialog(modals: ModalStackApi, estimateId: number): Promise<Job | null> {
  return modals.push<Job>(() => <ConvertBody estimateId={estimateId} />, {
    title: 'Convert to Job',
    size: 'sm',
    fullScreenOnMobile: false,
    testId: 'convert-dialog',
  });
}
