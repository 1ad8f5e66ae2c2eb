/**
 * A record's links (shared/actions/record-links.ts: a secret link a client opens without an
 * account): `<RecordLinks kind recordId canCreate />` lists them (made when and by whom, when they
 * expire, their state, and what the kind adds: who answered an approval, when an invoice was last
 * opened); staff with the kind's edit right make one (its URL shown this once, with Copy: only its
 * hash is kept) and revoke an active one after a confirmation. A kind is declared once
 * (`RecordLinkKind`): its calls, its words and its own columns.
 */
import type { RecordLinkBase } from '@glazier/shared/actions/record-links';
import type { Area } from '@glazier/shared/permissions';
import { formatDate, formatDateTime } from '@glazier/shared/rules/dates';
import { Alert, Badge, Box, Button, Card, CloseButton, CopyButton, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconCopy, IconLink } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { reportError, useConfirmedRun } from '../forms/error-mapper.tsx';
import { useCan } from '../http/session-user.ts';
import { useLoader } from '../../ui/loader.tsx';

/** A link's state as its badge shows it. */
export interface LinkState {
  label: string;
  color: string;
  /** Only an active link can be revoked. */
  active?: true;
}

const REVOKED: LinkState = { label: 'Revoked', color: 'gray' };
const EXPIRED: LinkState = { label: 'Expired', color: 'orange' };
const ACTIVE: LinkState = { label: 'Active', color: 'blue', active: true };

/** One kind of link as the web shows it. */
export interface RecordLinkKind<L extends RecordLinkBase> {
  /** The query of a record's links (`['invoices', 'links', id]`): under the record's resource, so its live notices refresh it. */
  key: (recordId: number) => readonly unknown[];
  /** The right to make and revoke (the area of the kind's actions). */
  area: Area;
  list: (recordId: number, signal: AbortSignal) => Promise<L[]>;
  /** A new link's path (`/approve/{token}`), answered this once. */
  create: (recordId: number) => Promise<{ path: string }>;
  revoke: (linkId: number) => Promise<unknown>;
  /** The section's title and the words around it. */
  title: string;
  createLabel: string;
  /** What the client can do with a new link (under "Send this link to the client"). */
  newLinkText: string;
  /** Asked before revoking, and said after. */
  revokeQuestion: string;
  revokedText: string;
  /** A state the link reached by its use (an approval answered), before revoked, expired or active. */
  usedState?: (link: L) => LinkState | null;
  /** The kind's own columns after Created, Expires and Status (null: nothing to show; a phone shows them beneath Created). */
  columns: { label: string; render: (link: L) => ReactNode }[];
  /** `data-testid`s: `{prefix}-links`, `{prefix}-link-row`, `{prefix}-new-link`, `{prefix}-url`. */
  testPrefix: string;
}

export function linkState<L extends RecordLinkBase>(kind: Pick<RecordLinkKind<L>, 'usedState'>, link: L, now = Date.now()): LinkState {
  const used = kind.usedState?.(link);
  if (used) return used;
  if (link.revoked_at) return REVOKED;
  return Date.parse(link.expires_at) <= now ? EXPIRED : ACTIVE;
}

/** The URL just made: shown this once (the server keeps only its hash). */
function NewLink({ url, text, label, testPrefix, onClose }: { url: string; text: string; label: string; testPrefix: string; onClose: () => void }) {
  return (
    <Alert color="blue" icon={<IconLink />} title="Send this link to the client" data-testid={`${testPrefix}-new-link`} withCloseButton={false}>
      <Stack gap="xs">
        <Text size="sm">It is shown only now: copy it before closing. {text}</Text>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <TextInput value={url} readOnly aria-label={label} onFocus={(e) => e.currentTarget.select()} style={{ flex: 1 }} data-testid={`${testPrefix}-url`} />
          <CopyButton value={url}>
            {({ copied, copy }) => (
              <Button variant="light" leftSection={<IconCopy size={16} />} onClick={copy}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
          <CloseButton aria-label="Close the new link" onClick={onClose} mt={6} />
        </Group>
      </Stack>
    </Alert>
  );
}

function LinkRows<L extends RecordLinkBase>({
  kind,
  rows,
  canEdit,
  onRevoke,
}: {
  kind: RecordLinkKind<L>;
  rows: L[];
  canEdit: boolean;
  onRevoke: (link: L) => void;
}) {
  return (
    // a phone shows Created and Status, and the rest beneath Created
    <Table.ScrollContainer minWidth={320}>
      <Table verticalSpacing={6} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Created</Table.Th>
            <Table.Th visibleFrom="sm">Expires</Table.Th>
            <Table.Th>Status</Table.Th>
            {kind.columns.map((c) => (
              <Table.Th key={c.label} visibleFrom="sm">
                {c.label}
              </Table.Th>
            ))}
            {canEdit && <Table.Th aria-label="Actions" />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((link) => {
            const state = linkState(kind, link);
            return (
              <Table.Tr key={link.id} data-testid={`${kind.testPrefix}-link-row`}>
                <Table.Td>
                  {formatDateTime(link.created_at)}
                  {link.created_by_name && (
                    <Text span size="xs" c="dimmed" display="block">
                      by {link.created_by_name}
                    </Text>
                  )}
                  <Box hiddenFrom="sm" fz="xs" c="dimmed">
                    <div>Expires {formatDate(link.expires_at)}</div>
                    {kind.columns.map((c) => {
                      const value = c.render(link);
                      return value == null ? null : (
                        <div key={c.label}>
                          {c.label}: {value}
                        </div>
                      );
                    })}
                  </Box>
                </Table.Td>
                <Table.Td visibleFrom="sm">{formatDate(link.expires_at)}</Table.Td>
                <Table.Td>
                  {/* the badge whole on a phone's narrow column */}
                  <Badge color={state.color} variant="light" miw="fit-content" style={{ flexShrink: 0 }} styles={{ label: { overflow: 'visible' } }}>
                    {state.label}
                  </Badge>
                  {link.revoked_at && (
                    <Text span size="xs" c="dimmed" display="block">
                      {formatDateTime(link.revoked_at)}
                    </Text>
                  )}
                </Table.Td>
                {kind.columns.map((c) => (
                  <Table.Td key={c.label} visibleFrom="sm">
                    {c.render(link)}
                  </Table.Td>
                ))}
                {canEdit && (
                  <Table.Td ta="right">
                    {state.active && (
                      <Button size="xs" variant="subtle" color="red" onClick={() => onRevoke(link)}>
                        Revoke
                      </Button>
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * A record's links. `canCreate`: the record may have a new link now (the server refuses otherwise);
 * `empty`: what an empty list says; `onChange`: what else to read again after a change.
 */
export function RecordLinks<L extends RecordLinkBase>({
  kind,
  recordId,
  canCreate,
  empty,
  onChange,
}: {
  kind: RecordLinkKind<L>;
  recordId: number;
  canCreate: boolean;
  empty: string;
  onChange?: () => void;
}) {
  const canEdit = useCan('edit', kind.area);
  const loader = useLoader();
  const confirmedRun = useConfirmedRun();
  const queryClient = useQueryClient();
  const [made, setMade] = useState<string | null>(null);
  const links = useQuery({ queryKey: kind.key(recordId), queryFn: ({ signal }) => kind.list(recordId, signal), staleTime: 0 });

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: kind.key(recordId) });
    onChange?.();
  };
  const create = async () => {
    try {
      const answer = await loader.run(kind.create(recordId));
      setMade(new URL(answer.path, window.location.origin).toString());
      refresh();
    } catch (e) {
      reportError(e);
    }
  };
  const revoke = async (link: L) => {
    const revoked = await confirmedRun(
      kind.revokeQuestion,
      { confirmLabel: 'Revoke', title: 'Revoke link', danger: true },
      () => kind.revoke(link.id),
      kind.revokedText,
    );
    if (revoked !== null) refresh();
  };

  const rows = links.data ?? [];
  return (
    <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid={`${kind.testPrefix}-links`}>
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={3} size="h4">
          {kind.title}
        </Title>
        {canEdit && canCreate && (
          <Button size="xs" leftSection={<IconLink size={14} />} onClick={() => void create()}>
            {kind.createLabel}
          </Button>
        )}
      </Group>
      <Stack gap="sm">
        {made && <NewLink url={made} text={kind.newLinkText} label={kind.title} testPrefix={kind.testPrefix} onClose={() => setMade(null)} />}
        {links.isPending ? (
          <Text c="dimmed" size="sm">
            Loading…
          </Text>
        ) : links.isError ? (
          <Text c="red" size="sm">
            The links could not be loaded.
          </Text>
        ) : rows.length === 0 ? (
          <Text c="dimmed" size="sm">
            {empty}
          </Text>
        ) : (
          <LinkRows kind={kind} rows={rows} canEdit={canEdit} onRevoke={(link) => void revoke(link)} />
        )}
      </Stack>
    </Card>
  );
}
