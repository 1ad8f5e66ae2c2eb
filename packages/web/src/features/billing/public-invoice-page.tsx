/**
 * `/invoice-view/{token}` (docs/domain/billing.md, Sending): the page a client opens from the link in the
 * invoice's email, without an account and outside the app's frame (contract/feature.ts
 * `publicRoutes`): the invoice as printed (company, bill-to, lines, tax, deposits, total, paid)
 * with its balance due on top; Print. The kit's public link page reads the link and says why when
 * the server refuses it (revoked, expired, a voided invoice: 410; unknown: 404). Everything comes
 * from the link's answer.
 */
import type { showClientInvoice, InvoiceDocument } from '@glazier/shared/actions/billing';
import { ACTION_ROUTES } from '@glazier/shared/actions/routes';
import type { ActionAnswer } from '@glazier/shared/actions/define';
import { formatDate } from '@glazier/shared/rules/dates';
import { formatMoney, formatQty } from '@glazier/shared/rules/money';
import { Button, Card, Container, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { callAction } from '../../resource-kit/http/actions.ts';
import { PublicLinkPage } from '../../resource-kit/links/public-link-page.tsx';
import { useDocumentTitle } from '../../ui/screen-title.tsx';

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text fw={strong ? 700 : undefined}>{label}</Text>
      <Text fw={strong ? 700 : undefined}>{value}</Text>
    </Group>
  );
}

export function InvoiceDocumentView({ doc }: { doc: InvoiceDocument }) {
  const inv = doc.invoice;
  return (
    <Stack gap="md" data-testid="invoice-document">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={2}>
          <Text fw={700} size="lg">
            {doc.company.name}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {doc.company.details}
          </Text>
        </Stack>
        <Stack gap={2} ta="right">
          <Title order={1} size="h2">
            Invoice {inv.number}
          </Title>
          <Text size="sm">Issued {formatDate(inv.issue_date)}</Text>
          <Text size="sm">
            Due {formatDate(inv.due_date)} · {inv.terms}
          </Text>
        </Stack>
      </Group>
      <Stack gap={2}>
        <Text size="xs" c="dimmed" tt="uppercase">
          Bill to
        </Text>
        <Text style={{ whiteSpace: 'pre-line' }}>{inv.bill_to || inv.client_name}</Text>
        {inv.job_name && <Text size="sm">Job: {[inv.job_number, inv.job_name].filter(Boolean).join(' ')}</Text>}
      </Stack>
      <Table.ScrollContainer minWidth={320}>
        <Table verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Description</Table.Th>
              <Table.Th ta="right" visibleFrom="xs">
                Qty
              </Table.Th>
              <Table.Th ta="right" visibleFrom="xs">
                Rate
              </Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {doc.lines.map((l, i) => (
              <Table.Tr key={i}>
                <Table.Td style={{ whiteSpace: 'pre-line' }}>
                  {l.description}
                  <Text span hiddenFrom="xs" size="xs" c="dimmed" display="block">
                    {formatQty(l.qty)} × {formatMoney(l.rate)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" visibleFrom="xs">
                  {formatQty(l.qty)}
                </Table.Td>
                <Table.Td ta="right" visibleFrom="xs">
                  {formatMoney(l.rate)}
                </Table.Td>
                <Table.Td ta="right">{formatMoney(l.amount)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap={4} maw={360} ml="auto" w="100%">
        <Row label="Subtotal" value={formatMoney(doc.subtotal)} />
        {doc.taxes.map((t) => (
          <Row key={t.name} label={`${t.name} ${t.percent}%`} value={formatMoney(t.amount)} />
        ))}
        <Row label="Total" value={formatMoney(doc.total)} strong />
        {doc.deposits.map((d) => (
          <Row key={d.number} label={`Deposit (invoice ${d.number})`} value={`−${formatMoney(d.amount)}`} />
        ))}
        {doc.paid > 0 && <Row label="Paid" value={`−${formatMoney(doc.paid)}`} />}
        <Row label="Balance due" value={formatMoney(doc.balance)} strong />
      </Stack>
      {inv.memo && <Text style={{ whiteSpace: 'pre-line' }}>{inv.memo}</Text>}
      {doc.company.terms && (
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
          {doc.company.terms}
        </Text>
      )}
    </Stack>
  );
}

export function PublicInvoicePage() {
  return (
    <PublicLinkPage
      name="client_invoices"
      read={(token, signal) => callAction(ACTION_ROUTES['client_invoices.show'], { params: { token }, signal })}
      what="the invoice"
      refusedTestId="invoice-link-refused"
    >
      {(shown) => <ClientInvoice shown={shown} />}
    </PublicLinkPage>
  );
}

function ClientInvoice({ shown }: { shown: ActionAnswer<typeof showClientInvoice> }) {
  const doc = shown.data;
  useDocumentTitle(`Invoice ${doc.invoice.number}`);
  const paid = doc.balance <= 0;
  return (
    <Container size="md" py="lg" px="sm">
      <Stack gap="md">
        <Card withBorder radius="md" p="md" data-testid="invoice-balance-card">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Stack gap={0}>
              <Text size="sm" c="dimmed">
                {paid ? 'Paid in full' : `Balance due by ${formatDate(doc.invoice.due_date)}`}
              </Text>
              <Text fw={700} size="xl" data-testid="public-balance">
                {formatMoney(doc.balance)}
              </Text>
            </Stack>
            <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
              Print
            </Button>
          </Group>
        </Card>
        <Card withBorder radius="md" p={{ base: 'sm', sm: 'xl' }}>
          <InvoiceDocumentView doc={doc} />
        </Card>
        <Text size="xs" c="dimmed" ta="center">
          This link works until {formatDate(shown.expires_at)}.
        </Text>
      </Stack>
    </Container>
  );
}
