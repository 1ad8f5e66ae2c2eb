/**
 * Printing labels across jobs (docs/domain/shop-floor.md, Labels; `/lists/print_labels`, in the Lists
 * menu): first "Select Product Series to Print" (PRINT, Series, INCLUDE with Unmeasured and
 * Fabricated, both off by default; only series with cutlist or dimensions enabled) and its Select
 * Jobs button; then "Print Cutlist Per Job" (PRINT, JOB): the active jobs holding printable products
 * of those series, all chosen, each with its label count. Print Labels prepares the labels of the
 * chosen jobs (shared/rules/shop-floor/job-labels.ts) and opens `/print`.
 */
import { seriesFlags } from '@glazier/shared/rules/catalogue/series-features';
import {
  DEFAULT_INCLUSION,
  countProductLabels,
  includedForPrint,
  jobHeading,
  seriesPrints,
  type PrintInclusion,
} from '@glazier/shared/rules/shop-floor/job-labels';
import { LIST_LIMIT } from '@glazier/shared/api';
import { Alert, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { reportError } from '../../resource-kit/forms/error-mapper.tsx';
import { fetchList, fetchListAnswer, useList } from '../../resource-kit/records/queries.ts';
import type { RecordOf } from '@glazier/shared/resources/records';
import { useSeriesFlags } from '../../resource-kit/records/series-flags.ts';
import { CheckField } from '../../ui/check-field.tsx';
import { usePrepareLabels } from '../../ui/labels.ts';
import { useLoader } from '../../ui/loader.tsx';
import { ScreenTitle } from '../../ui/screen-title.tsx';
import { PrintFooter, jobProductLabels, labelCount } from './job-labels.tsx';

type JobProduct = RecordOf<'job_products'>;
type Job = RecordOf<'jobs'>;

interface Chosen {
  include: PrintInclusion;
}

/** The job products of the chosen series that go on labels, and their (active) jobs. */
interface Printable {
  products: JobProduct[];
  jobs: Job[];
  /** Series of which more products matched than one list gives (`LIST_LIMIT`): only the first are here. */
  truncated: number[];
}

async function loadPrintable(chosen: ReadonlyMap<number, Chosen>, flagsOf: ReturnType<typeof useSeriesFlags>): Promise<Printable> {
  const lists = await Promise.all(
    [...chosen].map(async ([seriesId, { include }]) => {
      const flags = flagsOf(seriesId);
      // What is left out anyway is not fetched (the server filters the flags).
      // Soonest jobs first, so that a list cut at LIST_LIMIT keeps the work that is due.
      const filters = {
        series_id: seriesId,
        with_pieces: true, // a product's pieces marked apart: those fabricated print only when asked for
        sort_column: 'job_start_date',
        ...(include.fabricated ? {} : { is_fabricated: false }),
        ...(include.unmeasured || !flags.enable_measured ? {} : { is_measured: true }),
      };
      const answer = await fetchListAnswer('job_products', filters);
      return { seriesId, truncated: Boolean(answer.truncated), products: answer.data.filter((p) => includedForPrint(p, flags, include)) };
    }),
  );
  const products = lists.flatMap((l) => l.products);
  const ids = [...new Set(products.map((p) => p.job_id))];
  const jobs: Job[] = [];
  // Active jobs only (the list's default), a thousand ids a call.
  for (let i = 0; i < ids.length; i += 1000) jobs.push(...(await fetchList('jobs', { id_list: ids.slice(i, i + 1000).join(',') })));
  const active = new Set(jobs.map((j) => j.id));
  // By number, as the job lookup lists them (jobs without one, by name, last).
  jobs.sort((a, b) =>
    a.number && b.number
      ? a.number.localeCompare(b.number, undefined, { numeric: true })
      : a.number
        ? -1
        : b.number
          ? 1
          : (a.name ?? '').localeCompare(b.name ?? ''),
  );
  return { products: products.filter((p) => active.has(p.job_id)), jobs, truncated: lists.filter((l) => l.truncated).map((l) => l.seriesId) };
}

/** The series that print labels, each with its tick and what else it includes (unmeasured, fabricated). */
function SeriesChoice({
  series,
  chosen,
  onChange,
}: {
  series: RecordOf<'series'>[];
  chosen: ReadonlyMap<number, Chosen>;
  onChange: (id: number, next: Chosen | null) => void;
}) {
  return (
    <Table verticalSpacing={6} data-testid="print-series-picker">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={60}>PRINT</Table.Th>
          <Table.Th>Series</Table.Th>
          <Table.Th>INCLUDE</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {series.map((s) => {
          const c = chosen.get(s.id);
          const include = c?.include ?? { unmeasured: false, fabricated: false };
          return (
            <Table.Tr key={s.id} data-testid="print-series-row">
              <Table.Td>
                <CheckField
                  aria-label={`Print ${s.name}`}
                  checked={Boolean(c)}
                  onChange={(e) => onChange(s.id, e.currentTarget.checked ? { include } : null)}
                />
              </Table.Td>
              <Table.Td>{s.name}</Table.Td>
              <Table.Td>
                <Group gap="md" wrap="wrap">
                  <CheckField
                    size="xs"
                    label="Unmeasured"
                    aria-label={`Include unmeasured ${s.name}`}
                    checked={include.unmeasured}
                    onChange={(e) => onChange(s.id, { include: { ...include, unmeasured: e.currentTarget.checked } })}
                  />
                  <CheckField
                    size="xs"
                    label="Fabricated"
                    aria-label={`Include fabricated ${s.name}`}
                    checked={include.fabricated}
                    onChange={(e) => onChange(s.id, { include: { ...include, fabricated: e.currentTarget.checked } })}
                  />
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

export function PrintLabelsPage() {
  const series = useList('series');
  const categories = useList('product_categories');
  const flagsOf = useSeriesFlags();
  const loader = useLoader();
  const prepare = usePrepareLabels();
  const [chosen, setChosen] = useState<Map<number, Chosen>>(new Map());
  const [found, setFound] = useState<Printable | null>(null);
  const [jobIds, setJobIds] = useState<Set<number>>(new Set());

  const printable = (series.data ?? []).filter((s) =>
    seriesPrints(
      seriesFlags(
        s,
        categories.data?.find((c) => c.id === s.category_id),
      ),
    ),
  );
  const set = (id: number, next: Chosen | null) =>
    setChosen((m) => {
      const copy = new Map(m);
      if (next) copy.set(id, next);
      else copy.delete(id);
      return copy;
    });

  const selectJobs = async () => {
    try {
      const result = await loader.run(loadPrintable(chosen, flagsOf));
      setFound(result);
      setJobIds(new Set(result.jobs.map((j) => j.id)));
    } catch (e) {
      reportError(e);
    }
  };

  if (!found) {
    return (
      <Stack gap="md" maw={720}>
        <ScreenTitle>Print Labels</ScreenTitle>
        <Card withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <Title order={4} mb="xs">
            Select Product Series to Print
          </Title>
          {series.isPending || categories.isPending ? (
            <Text c="dimmed">Loading…</Text>
          ) : printable.length === 0 ? (
            <Text c="dimmed">No series has cut lists or dimensions enabled.</Text>
          ) : (
            <SeriesChoice series={printable} chosen={chosen} onChange={set} />
          )}
          <Group justify="flex-end" mt="sm">
            <Button disabled={chosen.size === 0} onClick={() => void selectJobs()}>
              Select Jobs
            </Button>
          </Group>
        </Card>
      </Stack>
    );
  }

  const byJob = (id: number) => found.products.filter((p) => p.job_id === id);
  const includeOf = (seriesId: number | null) => (seriesId == null ? undefined : chosen.get(seriesId)?.include) ?? DEFAULT_INCLUSION;
  const countOf = (products: JobProduct[]) => products.reduce((n, p) => n + countProductLabels(p, flagsOf(p.series_id), includeOf(p.series_id)), 0);
  const picked = found.jobs.filter((j) => jobIds.has(j.id));
  const total = countOf(picked.flatMap((j) => byJob(j.id)));
  const print = () => {
    const products = picked.flatMap((j) => byJob(j.id));
    prepare(jobProductLabels(products, (id) => found.jobs.find((j) => j.id === id), flagsOf, includeOf));
  };
  const all = found.jobs.length > 0 && picked.length === found.jobs.length;

  return (
    <Stack gap="md" maw={720}>
      <ScreenTitle>Print Labels</ScreenTitle>
      <Card withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Title order={4} mb="xs">
          Print Cutlist Per Job
        </Title>
        <Text size="sm" c="dimmed" mb="xs">
          {[...chosen.keys()].map((id) => series.data?.find((s) => s.id === id)?.name).join(', ')}
        </Text>
        {found.truncated.length > 0 && (
          <Alert color="yellow" mb="xs" data-testid="print-truncated">
            More than {LIST_LIMIT.toLocaleString('en-US')} products of{' '}
            {found.truncated.map((id) => series.data?.find((s) => s.id === id)?.name ?? 'a series').join(', ')} are waiting: only the first{' '}
            {LIST_LIMIT.toLocaleString('en-US')} are listed. Print these, mark them fabricated, then come back for the rest.
          </Alert>
        )}
        {found.jobs.length === 0 ? (
          <Text c="dimmed">No active job has products of these series to print.</Text>
        ) : (
          <Table verticalSpacing={6} data-testid="print-job-list">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={90}>
                  <Group gap={8} wrap="nowrap">
                    <CheckField
                      aria-label="Print all jobs"
                      checked={all}
                      indeterminate={picked.length > 0 && !all}
                      onChange={(e) => setJobIds(new Set(e.currentTarget.checked ? found.jobs.map((j) => j.id) : []))}
                    />
                    PRINT
                  </Group>
                </Table.Th>
                <Table.Th>JOB</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {found.jobs.map((j) => (
                <Table.Tr key={j.id} data-testid="print-job-row">
                  <Table.Td>
                    <CheckField
                      aria-label={`Print job ${jobHeading(j)}`}
                      checked={jobIds.has(j.id)}
                      onChange={(e) => {
                        const next = new Set(jobIds);
                        if (e.currentTarget.checked) next.add(j.id);
                        else next.delete(j.id);
                        setJobIds(next);
                      }}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {jobHeading(j)}
                      {j.number && j.name ? ` · ${j.name}` : ''}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {[j.client_name, labelCount(countOf(byJob(j.id)))].filter(Boolean).join(' · ')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <PrintFooter
          count={total}
          onPrint={print}
          back={
            <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => setFound(null)}>
              Back
            </Button>
          }
        />
      </Card>
    </Stack>
  );
}
