/**
 * One piece of a job product on a phone (`/job_products/{id}/pieces/{n}`): what its
 * label's QR code opens (signing in first when needed). The piece (n of m, its cut list path), its
 * product's job, sizes and note, one tap for each of its own steps the series enables (measured,
 * fabricated: `job_products.mark_piece`), with Undo until the next tap, and how far the product is
 * ("1 of 2 fabricated"), which opens the product. Without `edit jobs` the steps only show.
 */
import { ACTION_ROUTES } from '@glazier/shared/actions/routes';
import { formatSizes } from '@glazier/shared/rules/shop-floor/measure-to-cut';
import { PIECE_STEPS, PIECE_STEP_WORDS, pieceOf, piecesOf, progressText, type PieceState, type PieceStep } from '@glazier/shared/rules/shop-floor/pieces';
import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { callAction } from '../../resource-kit/http/actions.ts';
import { reportError } from '../../resource-kit/forms/error-mapper.tsx';
import { storeRecords, useList, useRecord } from '../../resource-kit/records/queries.ts';
import type { RecordOf } from '@glazier/shared/resources/records';
import { useSeriesFlags } from '../../resource-kit/records/series-flags.ts';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { StepButtons } from '../../ui/step-buttons.tsx';
import { jobProductPath } from './job-labels.tsx';
import { ProductHeading } from './product-heading.tsx';

type JobProduct = RecordOf<'job_products'> & { pieces?: PieceState[] };

export function PiecePage() {
  const params = useParams();
  const id = Number(params.job_product_id);
  const position = Number(params.position);
  const product = useRecord('job_products', Number.isInteger(id) && id > 0 ? id : null);
  const p = product.data as JobProduct | undefined;
  const flagsOf = useSeriesFlags();
  // the pieces follow the series' flags: wait for them, or a product would show none for a moment
  const seriesList = useList('series');
  const categoryList = useList('product_categories');
  const seriesLoaded = seriesList.data !== undefined && categoryList.data !== undefined;
  const canEdit = useCan('edit', 'jobs');
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<PieceStep | null>(null);
  const [last, setLast] = useState<{ step: PieceStep; was: boolean } | null>(null);

  const set = async (step: PieceStep, done: boolean): Promise<boolean> => {
    setBusy(step);
    try {
      const { data } = await callAction(ACTION_ROUTES['job_products.mark_piece'], { params: { id, position }, body: { step, done } });
      storeRecords(queryClient, 'job_products', [data]);
      return true;
    } catch (e) {
      reportError(e);
      return false;
    } finally {
      setBusy(null);
    }
  };
  const tap = async (piece: PieceState, step: PieceStep) => {
    if (await set(step, !piece[step])) setLast({ step, was: piece[step] });
  };
  const undo = async () => {
    if (last && (await set(last.step, last.was))) setLast(null);
  };

  if (product.isError && !p) return <Text c="red">Could not load this piece.</Text>;
  if (!p || !seriesLoaded) return <Text c="dimmed">Loading…</Text>;
  const flags = flagsOf(p.series_id);
  const pieces = piecesOf(p, flags, p.pieces);
  const piece = pieces.find((x) => x.position === position);
  const steps = PIECE_STEPS.filter((step) => flags[PIECE_STEP_WORDS[step].flag]);
  const sizes = formatSizes(p);

  return (
    <Stack gap="md" maw={560} data-testid="piece-page">
      <ProductHeading product={p} />
      {!piece ? (
        <Text data-testid="piece-gone">
          {pieces.length
            ? `This product has ${pieces.length === 1 ? '1 piece' : `${pieces.length} pieces`} now; piece ${position} is no longer on it (its qty or cut list changed).`
            : 'This product has no pieces to mark one by one: mark it as a whole.'}
        </Text>
      ) : (
        <>
          <Card withBorder radius="md" p="md">
            <Stack gap={6}>
              <Text fw={700} fz="lg" data-testid="piece-heading">
                {pieceOf(piece.position, pieces.length)}
              </Text>
              {piece.description && <Text data-testid="piece-description">{piece.description}</Text>}
              {sizes && <Text>{sizes}</Text>}
              {p.note && (
                <Text c="dimmed" style={{ whiteSpace: 'pre-line' }}>
                  {p.note}
                </Text>
              )}
            </Stack>
          </Card>
          {steps.length > 0 && (
            <StepButtons
              testId="piece-steps"
              steps={steps.map((step) => {
                const { word } = PIECE_STEP_WORDS[step];
                return { key: step, done: piece[step], label: piece[step] ? word : `Mark ${word.toLowerCase()}` };
              })}
              busy={busy}
              canEdit={canEdit}
              onTap={(step) => void tap(piece, step.key)}
              undo={
                last && {
                  message: piece[last.step]
                    ? `Piece ${position} marked ${PIECE_STEP_WORDS[last.step].done}.`
                    : `Piece ${position}: ${PIECE_STEP_WORDS[last.step].done} cleared.`,
                  onUndo: () => void undo(),
                  testId: 'piece-undo',
                }
              }
            />
          )}
        </>
      )}
      <Card withBorder radius="md" p={0}>
        <Anchor component={Link} to={jobProductPath(p.id)} underline="never" c="inherit" p="md" display="block" data-testid="piece-product-link">
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={2}>
              <Text fw={600}>All pieces of {p.name || 'this product'}</Text>
              {steps.length > 0 && pieces.length > 0 && (
                <Text size="sm" c="dimmed" data-testid="piece-product-progress">
                  {steps.map((step) => progressText(pieces, step)).join(' · ')}
                </Text>
              )}
            </Stack>
            <IconChevronRight size={20} aria-hidden />
          </Group>
        </Anchor>
      </Card>
    </Stack>
  );
}
