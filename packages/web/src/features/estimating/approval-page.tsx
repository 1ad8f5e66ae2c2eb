/**
 * `/approve/{token}`: the page a client opens from the approval link staff sent,
 * without an account and outside the app's frame (contract/feature.ts `publicRoutes`). It shows the
 * estimate as printed (estimate-document.tsx), with a choice of base or alternate per category
 * that offers alternates (the totals follow it live: estimateTotals), a name to type and Accept;
 * then a thank-you. Or they decline it, with a reason if they wish (approval-decline.tsx). The kit's
 * public link page (resource-kit/links/public-link-page.tsx) reads the link and says why when the
 * server refuses it. Everything shown comes from the link's own public answer.
 */
import type { showApproval } from '@glazier/shared/actions/estimating';
import { ACTION_ROUTES } from '@glazier/shared/actions/routes';
import { formatDate, formatDateTime } from '@glazier/shared/rules/dates';
import { documentSections, documentTotals, showsAmounts, type DocumentSection } from '@glazier/shared/rules/estimating/estimate-document';
import { formatMoney } from '@glazier/shared/rules/money';
import { Alert, Box, Button, Container, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconPrinter } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { ActionAnswer } from '@glazier/shared/actions/define';
import { callAction } from '../../resource-kit/http/actions.ts';
import { PublicLinkPage } from '../../resource-kit/links/public-link-page.tsx';
import { PrintSheet } from '../../ui/print-sheet.tsx';
import { useDocumentTitle } from '../../ui/screen-title.tsx';
import { EstimateDocumentView } from './estimate-document.tsx';
import { ApprovalDecline, type Declined } from './approval-decline.tsx';
import { AnswerCard, TypedNameField, answerErrors, useTypedName } from './approval-answer.tsx';

function Choice({ section, chosen, onChange }: { section: DocumentSection; chosen: boolean; onChange: (alternate: boolean) => void }) {
  return (
    <SegmentedControl
      size="xs"
      aria-label={`${section.name}: base or alternate`}
      value={chosen ? 'alternate' : 'base'}
      onChange={(v) => onChange(v === 'alternate')}
      data={[
        { value: 'base', label: 'Base' },
        { value: 'alternate', label: 'Alternate' },
      ]}
    />
  );
}

export function ApprovalPage() {
  return (
    <PublicLinkPage
      name="approvals"
      read={(token, signal) => callAction(ACTION_ROUTES['approvals.show'], { params: { token }, signal })}
      what="the estimate"
      refusedTestId="approval-refused"
    >
      {(shown, token) => <Approval shown={shown} token={token} />}
    </PublicLinkPage>
  );
}

/** The estimate by its link: choose, accept or decline. */
function Approval({ shown, token }: { shown: ActionAnswer<typeof showApproval>; token: string }) {
  const [chosen, setChosen] = useState<number[] | null>(null);
  const name = useTypedName('Type your name to accept.');
  const [declined, setDeclined] = useState<Declined | null>(null);
  const accept = useMutation({
    mutationFn: (body: { name: string; alternate_categories: number[] }) => callAction(ACTION_ROUTES['approvals.accept'], { params: { token }, body }),
  });
  const doc = shown.data;
  useDocumentTitle(`Estimate ${doc.estimate.name}`);

  const choice = chosen ?? doc.estimate.alternate_categories;
  const totals = documentTotals(doc, choice);
  const amounts = showsAmounts(doc);
  const offersAlternates = documentSections(doc).some((s) => s.alternates.length > 0);
  const done = accept.data;
  const { fields: acceptError, refused: refusedOnAccept } = answerErrors(accept.error);

  const submit = () => {
    const signed = name.take();
    if (signed) accept.mutate({ name: signed, alternate_categories: choice });
  };
  const toggle = (categoryId: number, alternate: boolean) =>
    setChosen((prev) => {
      const base = (prev ?? doc.estimate.alternate_categories).filter((c) => c !== categoryId);
      return alternate ? [...base, categoryId] : base;
    });

  return (
    <Box bg="var(--mantine-color-default-hover)" mih="100vh" py={{ base: 'sm', sm: 'xl' }}>
      <Container size="calc(8.5in + 2rem)" px={{ base: 'xs', sm: 'md' }}>
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Title order={1} size="h3">
              {done || declined ? 'Thank you' : 'Your estimate'}
            </Title>
            <Button variant="default" size="xs" leftSection={<IconPrinter size={14} />} onClick={() => window.print()}>
              Print
            </Button>
          </Group>
          {done ? (
            <Alert color="green" icon={<IconCircleCheck />} title={`Thank you, ${done.accepted_name}.`} data-testid="approval-thanks">
              <Text size="sm">
                We received your acceptance on {formatDateTime(done.accepted_at)}
                {done.total != null ? `, for a total of ${formatMoney(done.total)}` : ''}. {doc.company.name || 'We'} will be in touch to schedule the work.
              </Text>
            </Alert>
          ) : declined ? (
            <Alert color="gray" icon={<IconCircleCheck />} title={`Thank you, ${declined.declined_name}.`} data-testid="approval-declined">
              <Text size="sm">
                We received your answer on {formatDateTime(declined.declined_at)}: you declined this estimate. {doc.company.name || 'We'} will be glad to help
                if anything changes.
              </Text>
            </Alert>
          ) : (
            <Text size="sm" c="dimmed">
              Please review the estimate below{offersAlternates ? ', choose the base or the alternate for each category that offers one,' : ''} and accept it by
              typing your name at the bottom. This link is valid until {formatDate(shown.expires_at)}.
            </Text>
          )}
          <Paper withBorder shadow="sm" radius="sm" p={{ base: 'sm', xs: 'md', sm: 48 }} data-testid="approval-document">
            <EstimateDocumentView
              doc={doc}
              chosen={choice}
              categoryChoice={
                done || declined
                  ? undefined
                  : (s) => s.categoryId != null && <Choice section={s} chosen={choice.includes(s.categoryId)} onChange={(alt) => toggle(s.categoryId!, alt)} />
              }
            />
          </Paper>
          {!done && !declined && (
            <AnswerCard
              title="Accept this estimate"
              testId="approval-accept"
              onSubmit={submit}
              refused={refusedOnAccept}
              actions={
                <Button type="submit" loading={accept.isPending}>
                  Accept estimate
                </Button>
              }
            >
              {amounts && (
                <Text>
                  Total{choice.length ? ' with your choices' : ''}: <b data-testid="approval-total">{formatMoney(totals.chosen)}</b>
                </Text>
              )}
              <TypedNameField
                typed={name}
                helper="Typing your name accepts the estimate as shown above."
                serverError={acceptError?.name?.[0] ?? acceptError?.alternate_categories?.[0]}
              />
            </AnswerCard>
          )}
          {!done && !declined && <ApprovalDecline token={token} onDeclined={setDeclined} />}
        </Stack>
      </Container>
      <PrintSheet page="letter portrait" margin="14mm">
        <EstimateDocumentView doc={doc} chosen={choice} />
      </PrintSheet>
    </Box>
  );
}
