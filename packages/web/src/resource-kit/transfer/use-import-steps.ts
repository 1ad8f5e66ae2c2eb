/**
 * The import dialog's steps (import-dialog.tsx): the file read and its headings matched, the rows
 * checked a thousand at a time (stoppable), then imported with the server's progress.
 */
import type { Importable } from '@glazier/shared/actions/importable';
import { ACTION_ROUTES } from '@glazier/shared/actions/routes';
import { RESOURCES } from '@glazier/shared/resources/registry';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useModal } from '../../ui/modal-stack.tsx';
import { reportSuccess } from '../forms/error-mapper.tsx';
import { callActionWithProgress } from '../http/action-progress.ts';
import { callAction } from '../http/actions.ts';
import { HttpError } from '../http/http.ts';
import { resourceKeys } from '../records/records.ts';
import { matchHeadings, type ImportField } from './header-match.ts';
import { CHECK_CHUNK, failureText, mappedRows, n, resultsFromErrors, type CheckSummary, type Step } from './import-rows.ts';
import { readSheetFile, type Sheet } from './sheet-file.ts';
import type { TransferColumn } from './transfer-column.ts';

export function useImportSteps(resource: Importable, columns: TransferColumn[], fields: ImportField[]) {
  const modal = useModal<{ added: number; updated: number }>();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const cancelled = useRef(false);
  const plural = `${RESOURCES[resource].label.toLowerCase()}s`;

  const choose = async (file: File | undefined) => {
    if (!file) return;
    try {
      const sheet = await readSheetFile(file);
      if (!sheet.rows.length) return setStep({ kind: 'choose', error: 'The file has no rows under its headings.' });
      const guessed = matchHeadings(sheet.headers, fields, columns, RESOURCES[resource].label);
      setStep({ kind: 'map', sheet, fileName: file.name, mapping: guessed.map((m) => m?.field ?? null), guessed });
    } catch (e) {
      setStep({ kind: 'choose', error: e instanceof Error ? e.message : 'The file could not be read.' });
    }
  };

  const check = async (sheet: Sheet, fileName: string, mapping: (string | null)[]) => {
    const rows = mappedRows(sheet, mapping);
    const summary: CheckSummary = { results: [], added: 0, updated: 0, failed: 0 };
    cancelled.current = false;
    setStep({ kind: 'checking', sheet, fileName, mapping, done: 0 });
    try {
      for (let i = 0; i < rows.length; i += CHECK_CHUNK) {
        const answer = await callAction(ACTION_ROUTES['imports.check'], { params: { resource }, body: { rows: rows.slice(i, i + CHECK_CHUNK) } });
        if (cancelled.current) return;
        summary.results.push(...answer.rows);
        summary.added += answer.added;
        summary.updated += answer.updated;
        summary.failed += answer.failed;
        setStep({ kind: 'checking', sheet, fileName, mapping, done: summary.results.length });
      }
      setStep({ kind: 'preview', sheet, fileName, mapping, summary });
    } catch (e) {
      setStep({ kind: 'failed', sheet, fileName, mapping, message: failureText(e) });
    }
  };

  const run = async (sheet: Sheet, fileName: string, mapping: (string | null)[], summary: CheckSummary) => {
    setStep({ kind: 'importing', sheet, fileName, mapping, summary, done: 0 });
    try {
      const answer = await callActionWithProgress(ACTION_ROUTES['imports.run'], { params: { resource }, body: { rows: mappedRows(sheet, mapping) } }, (done) =>
        setStep({ kind: 'importing', sheet, fileName, mapping, summary, done }),
      );
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all(resource) });
      reportSuccess(`Imported ${n(answer.added + answer.updated)} ${plural}: ${n(answer.added)} added, ${n(answer.updated)} updated.`);
      modal.close(answer);
    } catch (e) {
      // Rows can fail now that passed the check (someone else changed the records meanwhile).
      const errors = e instanceof HttpError && e.status === 422 ? e.body?.errors : undefined;
      const results = errors ? resultsFromErrors(sheet.rows.length, errors) : undefined;
      const failed = results?.filter((r) => r.errors).length ?? 0;
      setStep({
        kind: 'failed',
        sheet,
        fileName,
        mapping,
        summary: results && failed ? { results, added: 0, updated: 0, failed } : undefined,
        message: failureText(e),
      });
    }
  };

  /** Stops the check under way and goes back to the columns. */
  const stop = (sheet: Sheet, fileName: string, mapping: (string | null)[]) => {
    cancelled.current = true;
    setStep({ kind: 'map', sheet, fileName, mapping });
  };

  return { step, setStep, choose, check, run, stop };
}
