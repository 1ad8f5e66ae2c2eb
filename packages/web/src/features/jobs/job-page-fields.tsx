/** The facts a job's page shows above its sections (job-page.tsx). */
import { formatMoney } from '@glazier/shared/rules/money';
import { Anchor, Group } from '@mantine/core';
import { Link } from 'react-router';
import type { DetailField } from '../../resource-kit/detail/detail-page.tsx';
import { recordHeading } from '../../resource-kit/records/record-headings.ts';
import { ClientName, dateRange } from './job-names.tsx';
import { ScopeBadges } from './scope-badges.tsx';

const mapLink = (address: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

/** The job's fields, its estimate and its bill of materials; `userName` and `colorOf` name the foreman and colour the client. */
export function jobFields(userName: (id: number | null) => string, colorOf: (clientId: number | null) => string | null): DetailField<'jobs'>[] {
  return [
    // two columns, as the address beside it: a client's name has room on a phone (two columns there)
    { label: 'Client', span: 2, value: (j) => (j.client_name ? <ClientName name={j.client_name} color={colorOf(j.client_id)} /> : '—') },
    {
      label: 'Address',
      span: 2,
      value: (j) =>
        j.address ? (
          <Anchor href={mapLink(j.address)} target="_blank" rel="noopener noreferrer" style={{ whiteSpace: 'pre-line' }}>
            {j.address}
          </Anchor>
        ) : (
          '—'
        ),
    },
    { label: 'Dates', value: (j) => dateRange(j) || '—' },
    { label: 'Foreman', value: (j) => userName(j.foreman_id) || '—' },
    { label: 'Scope', span: 2, value: (j) => ((j.scope_array ?? []).length ? <ScopeBadges job={j} /> : '—') },
    { label: 'Status', value: (j) => (j.deleted_at ? 'Deleted' : j.is_complete ? 'Complete' : j.active ? 'Active' : 'Inactive') },
    { label: 'Trip charge', value: (j) => formatMoney(j.trip_charge) || '—', hidden: (j) => j.trip_charge == null },
    { label: 'Burden rate', value: (j) => formatMoney(j.burden_rate), hidden: (j) => j.burden_rate == null },
    { label: 'Additional costs', value: (j) => formatMoney(j.additional_costs), hidden: (j) => j.additional_costs == null },
    { label: 'Additional revenues', value: (j) => formatMoney(j.additional_revenues), hidden: (j) => j.additional_revenues == null },
    { label: 'Invoice amount', value: (j) => formatMoney(j.invoice_amount), hidden: (j) => j.invoice_amount == null },
    {
      label: 'Estimate',
      value: (j) => {
        const e = j.estimate;
        return e ? (
          <Group gap="xs" wrap="wrap">
            <Anchor component={Link} to={`/estimates/${e.id}`}>
              {recordHeading('estimates').primary(e)}
            </Anchor>
            <Anchor component={Link} to={`/jobs/${j.id}/estimate_print`} fz="sm" data-testid="job-estimate-print">
              Print
            </Anchor>
          </Group>
        ) : null;
      },
      hidden: (j) => !j.estimate,
    },
    {
      label: 'Bom',
      value: (j) => {
        const b = j.bom;
        return b ? (
          <Anchor component={Link} to={`/boms/${b.id}`}>
            {recordHeading('boms').primary(b)}
          </Anchor>
        ) : null;
      },
      hidden: (j) => !j.bom,
    },
  ];
}
