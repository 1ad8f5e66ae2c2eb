/**
 * `/jobs/{job_id}/estimate_print` (docs/domain/estimating.md, Converting to a job): the printable estimate of the job's
 * estimate (the one whose `job_id` is the job; of several revisions, the latest). On screen, the
 * document as a page preview with Print and a link back to the job; on paper only the document
 * (ui/print-sheet.tsx: no header, menu or action bar). Amounts show only with `edit
 * estimates_admin` (the server leaves them out otherwise; the document then shows its total).
 */
import { estimateDocument } from '@glazier/shared/rules/estimating/estimate-document';
import { SETTING } from '@glazier/shared/settings';
import { Anchor, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useRouteId } from '../../resource-kit/detail/detail-page.tsx';
import { useList, useRecord } from '../../resource-kit/records/queries.ts';
import type { RecordOf } from '@glazier/shared/resources/records';
import { useSettingValue } from '../../resource-kit/records/settings.ts';
import { PrintSheet } from '../../ui/print-sheet.tsx';
import { ScreenTitle } from '../../ui/screen-title.tsx';
import { EstimateDocumentView } from './estimate-document.tsx';

/** The job's estimate: the latest revision that names the job. */
function jobEstimate(estimates: RecordOf<'estimates'>[]): RecordOf<'estimates'> | undefined {
  return [...estimates].sort(
    (a, b) => Number(a.superseded_at != null) - Number(b.superseded_at != null) || (b.revision ?? 0) - (a.revision ?? 0) || b.id - a.id,
  )[0];
}

function PrintedEstimate({ estimate }: { estimate: RecordOf<'estimates'> }) {
  const items = useList('estimate_items', { estimate_id: estimate.id });
  const notes = useList('estimate_category_notes', { estimate_id: estimate.id });
  const categories = useList('product_categories');
  const company = {
    name: useSettingValue(SETTING.companyName),
    details: useSettingValue(SETTING.companyDetails),
    terms: useSettingValue(SETTING.estimateTerms),
  };
  if (!items.data || !notes.data || !categories.data) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Loading the estimate" />
      </Center>
    );
  }
  const doc = estimateDocument({ company, estimate, items: items.data, categoryNotes: notes.data, categories: categories.data });
  return (
    <>
      <Paper withBorder shadow="sm" radius="sm" p={{ base: 'md', sm: 48 }} maw="8.5in" w="100%" data-testid="estimate-preview">
        <EstimateDocumentView doc={doc} />
      </Paper>
      <PrintSheet page="letter portrait" margin="14mm" testId="estimate-print">
        <EstimateDocumentView doc={doc} />
      </PrintSheet>
    </>
  );
}

export function EstimatePrintPage() {
  const jobId = useRouteId('job_id');
  const job = useRecord('jobs', jobId);
  const estimates = useList('estimates', { job_id: jobId ?? 0 }, { enabled: jobId != null });
  const estimate = estimates.data && jobEstimate(estimates.data);
  const jobName = job.data ? [job.data.number, job.data.name].filter(Boolean).join(' ') || `Job ${job.data.id}` : 'the job';

  return (
    <Stack gap="md" align="center">
      <Group justify="space-between" align="flex-end" w="100%" maw="8.5in" wrap="wrap">
        <Stack gap={4}>
          <Anchor component={Link} to={`/jobs/${jobId ?? ''}`} size="sm">
            <Group gap={4} wrap="nowrap">
              <IconArrowLeft size={16} aria-hidden />
              Back to {jobName}
            </Group>
          </Anchor>
          <ScreenTitle size="h3">Estimate for {jobName}</ScreenTitle>
        </Stack>
        {estimate && (
          <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
            Print
          </Button>
        )}
      </Group>
      {jobId == null || job.isError ? (
        <Text c="dimmed">This job was not found.</Text>
      ) : estimates.isPending ? (
        <Center py="xl">
          <Loader role="status" aria-label="Loading the estimate" />
        </Center>
      ) : !estimate ? (
        <Text c="dimmed" data-testid="no-estimate">
          This job has no estimate.
        </Text>
      ) : (
        <PrintedEstimate estimate={estimate} />
      )}
    </Stack>
  );
}
