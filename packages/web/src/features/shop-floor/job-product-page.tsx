/**
 * A job product on a phone (`/job_products/{id}`, signing in first when needed: app/guards.tsx
 * returns here). The product, its job, qty, sizes, note and cut list, and one tap for each step its
 * series enables (measured, ordered, fabricated) for the whole product: a PATCH of the flag (every
 * piece with it), with Undo until the next tap: the same PATCH back, unless some pieces were marked
 * on their own before the tap (its stored `pieces`), when Undo unmarks only the others
 * (`job_products.mark_pieces`), so their marks stay. Its pieces (each unit or cut list
 * leaf, what a label's QR code opens) with how far they are ("1 of 2 fabricated"), each opening
 * its own page. Without `edit jobs` the steps only show.
 */
import { ACTION_ROUTES } from '@glazier/shared/actions/routes';
import { formatQty } from '@glazier/shared/rules/money';
import { cutListRows } from '@glazier/shared/rules/shop-floor/job-labels';
import { formatSizes } from '@glazier/shared/rules/shop-floor/measure-to-cut';
import {
  PIECE_STEPS,
  PIECE_STEP_WORDS,
  piecesOf,
  piecesToUnmark,
  progressText,
  type PieceState,
  type PiecesToUnmark,
} from '@glazier/shared/rules/shop-floor/pieces';
import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { reportError } from '../../resource-kit/forms/error-mapper.tsx';
import { callAction } from '../../resource-kit/http/actions.ts';
import { saveRecord } from '../../resource-kit/writes/saves.ts';
import { storeRecords, useRecord } from '../../resource-kit/records/queries.ts';
import type { RecordOf } from '@glazier/shared/resources/records';
import { useSeriesFlags } from '../../resource-kit/records/series-flags.ts';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { StepButtons } from '../../ui/step-buttons.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { TreeView } from '../../ui/tree-editor.tsx';
import { cutListFlatRows, piecePath } from './job-labels.tsx';
import classes from './pieces.module.css';
import { ProductHeading } from './product-heading.tsx';

type JobProduct = RecordOf<'job_products'> & { pieces?: PieceState[] };
type Step = 'is_measured' | 'is_ordered' | 'is_fabricated';

const STEPS = [
  ['is_measured', 'enable_measured', 'Measured'],
  ['is_ordered', 'enable_ordered', 'Ordered'],
  ['is_fabricated', 'enable_fabricated', 'Fabricated'],
] as const;

export function JobProductPage() {
  const id = Number(useParams().job_product_id);
  const product = useRecord('job_products', Number.isInteger(id) && id > 0 ? id : null);
  const p = product.data as JobProduct | undefined;
  const flags = useSeriesFlags()(p?.series_id);
  const canEdit = useCan('edit', 'jobs');
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<Step | null>(null);
  // the last tap, for its Undo: the step as it was, and the pieces to unmark when some were marked before it
  const [last, setLast] = useState<{ step: Step; was: boolean; word: string; unmark: PiecesToUnmark | null } | null>(null);

  const write = async (step: Step, send: () => Promise<RecordOf<'job_products'>>): Promise<boolean> => {
    setBusy(step);
    try {
      storeRecords(queryClient, 'job_products', [await send()]);
      return true;
    } catch (e) {
      reportError(e);
      return false;
    } finally {
      setBusy(null);
    }
  };
  const set = (current: JobProduct, step: Step, value: boolean) =>
    write(step, () => saveRecord('job_products', { id: current.id, updated_at: current.updated_at, [step]: value }));
  const tap = async (current: JobProduct, step: Step, word: string) => {
    const was = current[step];
    const unmark = was ? null : piecesToUnmark(current.pieces, step);
    if (await set(current, step, !was)) setLast({ step, was, word, unmark });
  };
  const undo = async (current: JobProduct) => {
    if (!last) return;
    const { unmark } = last;
    const undone = unmark
      ? await write(
          last.step,
          async () => (await callAction(ACTION_ROUTES['job_products.mark_pieces'], { params: { id: current.id }, body: { ...unmark, done: false } })).data,
        )
      : await set(current, last.step, last.was);
    if (undone) setLast(null);
  };

  if (product.isError && !p) return <Text c="red">Could not load this product.</Text>;
  if (!p) return <Text c="dimmed">Loading…</Text>;
  const rows = cutListRows(p);
  const sizes = formatSizes(p);
  const steps = STEPS.filter(([, flag]) => flags[flag]);
  const pieces = piecesOf(p, flags, p.pieces);
  const pieceSteps = PIECE_STEPS.filter((step) => flags[PIECE_STEP_WORDS[step].flag]);

  return (
    <Stack gap="md" maw={560} data-testid="job-product-page">
      <ProductHeading product={p} />
      <Card withBorder radius="md" p="md">
        <Stack gap={6}>
          <Text>
            Qty <b>{formatQty(p.qty)}</b>
          </Text>
          {sizes && <Text data-testid="job-product-sizes">{sizes}</Text>}
          {p.note && <Text style={{ whiteSpace: 'pre-line' }}>{p.note}</Text>}
        </Stack>
      </Card>
      {steps.length > 0 && (
        <StepButtons
          testId="job-product-steps"
          steps={steps.map(([step, , word]) => ({
            key: step,
            word,
            done: p[step],
            // with several pieces, the product's tap marks every one of them: say so
            label: p[step] ? word : `Mark ${step !== 'is_ordered' && pieces.length > 1 ? 'all ' : ''}${word.toLowerCase()}`,
          }))}
          busy={busy}
          canEdit={canEdit}
          onTap={(step) => void tap(p, step.key, step.word)}
          undo={
            last && {
              message: p[last.step] ? `Marked ${last.word.toLowerCase()}.` : `${last.word} cleared.`,
              onUndo: () => void undo(p),
              testId: 'job-product-undo',
            }
          }
        />
      )}
      {pieces.length > 0 && (
        <Card withBorder radius="md" p={0} data-testid="job-product-pieces">
          <Stack gap={2} p="md" pb="xs">
            <Title order={4}>Pieces</Title>
            {pieceSteps.length > 0 && (
              <Text fw={600} data-testid="pieces-progress">
                {pieceSteps.map((step) => progressText(pieces, step)).join(' · ')}
              </Text>
            )}
          </Stack>
          <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {pieces.map((piece) => (
              <li key={piece.position} className={classes.item}>
                <Anchor component={Link} to={piecePath(p.id, piece.position)} underline="never" c="inherit" className={classes.link} data-testid="piece-row">
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Text fw={600}>Piece {piece.position}</Text>
                      {piece.description && (
                        <Text size="sm" c="dimmed">
                          {piece.description}
                        </Text>
                      )}
                    </Stack>
                    <Group gap={6} wrap="nowrap">
                      {pieceSteps.map((step) =>
                        piece[step] ? (
                          <Badge key={step} color="teal" variant="light" size="sm">
                            {PIECE_STEP_WORDS[step].done}
                          </Badge>
                        ) : null,
                      )}
                      <IconChevronRight size={18} aria-hidden />
                    </Group>
                  </Group>
                </Anchor>
              </li>
            ))}
          </Stack>
        </Card>
      )}
      {flags.enable_cutlist && (
        <Card withBorder radius="md" p="md">
          <Title order={4} mb="xs">
            Cut List
          </Title>
          <TreeView label="Cut list" rows={cutListFlatRows(rows)} empty="No cut list yet." />
        </Card>
      )}
    </Stack>
  );
}
