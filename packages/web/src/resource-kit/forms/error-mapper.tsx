/**
 * The one error mapper (docs/platform.md, Errors). Every failed call ends here:
 *
 *   try { await save.mutateAsync(values) } catch (e) { reportError(e, { form: formTarget(form) }) }
 *
 * - 422: the first message of each field goes onto the form's field; messages for keys that are
 *   not form fields are shown together in one notification (with no form: all of them).
 * - 403: the server's message, or "Forbidden".
 * - 409: someone else changed the record; the notification offers Reload (`onReload`). Without
 *   `onReload` (a delete refused because the record is still in use) the server's message.
 * - network failure: says the server could not be reached; a write refused offline
 *   (`OfflineRefusal`): says why.
 * - anything else: the server's message, or a generic one. Logged to the console, unless it is a
 *   4xx answer the user is shown (expected, not a fault).
 *
 * Success is told the same way, briefly: `reportSuccess('Client saved.')` (one notification at a
 * time; the next replaces it).
 */
import { notifyUnauthorized } from '../http/unauthorized.ts';
import { Button, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDialogs, type ConfirmOptions } from '../../ui/dialogs.tsx';
import { useLoader } from '../../ui/loader.tsx';
import { loadNotifications } from '../../ui/notifications-host.tsx';
import { HttpError, NetworkError, OfflineRefusal } from '../http/http.ts';

export interface FieldErrorTarget {
  /** Names of the fields the form shows. */
  fields: readonly string[];
  setFieldError: (field: string, message: string) => void;
}

export interface ErrorContext {
  form?: FieldErrorTarget | null;
  /** Reloads the record after a 409. */
  onReload?: () => void;
}

export interface ErrorReport {
  fieldErrors: Record<string, string>;
  notice: { title: string; lines: string[]; reload: boolean } | null;
}

/** A notice's close button is an icon: it needs a name (WCAG 4.1.2). */
const CLOSE_NOTICE = { 'aria-label': 'Close notification' };

export const CONFLICT_MESSAGE = 'Someone else changed this record while you were editing it. Reload it to see their changes.';
export const NETWORK_MESSAGE = 'Could not reach the server. Check your connection and try again.';
export const SESSION_MESSAGE = 'Your session has ended. Please log in again.';

function firstMessage(messages: unknown): string | null {
  if (Array.isArray(messages)) return messages.length ? String(messages[0]) : null;
  return typeof messages === 'string' ? messages : null;
}

/** Pure: what an error means for the form and for the user. */
export function describeError(error: unknown, ctx: ErrorContext = {}): ErrorReport {
  const none: Record<string, string> = {};
  if (error instanceof NetworkError) return { fieldErrors: none, notice: { title: 'Offline', lines: [NETWORK_MESSAGE], reload: false } };
  if (error instanceof OfflineRefusal) return { fieldErrors: none, notice: { title: 'Offline', lines: [error.message], reload: false } };
  if (!(error instanceof HttpError)) {
    const message = error instanceof Error && error.message ? error.message : 'Something went wrong.';
    return { fieldErrors: none, notice: { title: 'Error', lines: [message], reload: false } };
  }
  const serverMessage = error.body?.message?.trim() || '';
  switch (error.status) {
    case 422: {
      const errors = error.body?.errors ?? {};
      const fieldErrors: Record<string, string> = {};
      const other: string[] = [];
      const fields = new Set(ctx.form?.fields ?? []);
      for (const [key, messages] of Object.entries(errors)) {
        const msg = firstMessage(messages);
        if (!msg) continue;
        if (fields.has(key)) fieldErrors[key] = msg;
        else other.push(msg);
      }
      if (other.length) return { fieldErrors, notice: { title: 'Please check', lines: other, reload: false } };
      if (Object.keys(fieldErrors).length) return { fieldErrors, notice: null };
      return { fieldErrors, notice: { title: 'Please check', lines: [serverMessage || 'The data given was invalid.'], reload: false } };
    }
    case 403:
      return { fieldErrors: none, notice: { title: 'Not allowed', lines: [serverMessage || 'Forbidden'], reload: false } };
    case 409:
      // A save that can reload its record met a newer copy; any other 409 (a delete of a record
      // still in use) says why in the server's words.
      if (!ctx.onReload && serverMessage) return { fieldErrors: none, notice: { title: 'Not possible', lines: [serverMessage], reload: false } };
      return { fieldErrors: none, notice: { title: 'Changed elsewhere', lines: [CONFLICT_MESSAGE], reload: Boolean(ctx.onReload) } };
    case 401:
      return { fieldErrors: none, notice: { title: 'Signed out', lines: [SESSION_MESSAGE], reload: false } };
    case 404:
      return { fieldErrors: none, notice: { title: 'Not found', lines: [serverMessage || 'That record no longer exists.'], reload: false } };
    case 419:
      return { fieldErrors: none, notice: { title: 'Session expired', lines: ['Your session expired. Please try again.'], reload: false } };
    case 429:
      return { fieldErrors: none, notice: { title: 'Too many attempts', lines: [serverMessage || 'Too many attempts. Please wait a moment.'], reload: false } };
    default:
      return {
        fieldErrors: none,
        notice: { title: 'Error', lines: [serverMessage || `The server could not complete the request (${error.status}).`], reload: false },
      };
  }
}

function NoticeBody({ lines, reload, onReload, id }: { lines: string[]; reload: boolean; onReload?: () => void; id: string }): ReactNode {
  return (
    <Stack gap={6}>
      {lines.map((line, i) => (
        <Text key={i} size="sm">
          {line}
        </Text>
      ))}
      {reload && onReload && (
        <Button
          size="xs"
          variant="light"
          w="fit-content"
          onClick={() => {
            void loadNotifications().then(({ notifications }) => notifications.hide(id));
            onReload();
          }}
        >
          Reload
        </Button>
      )}
    </Stack>
  );
}

let noticeSeq = 0;

/** Applies `describeError`: field errors onto the form, the rest in one notification. */
export function reportError(error: unknown, ctx: ErrorContext = {}): ErrorReport {
  // An answer the UI handles (a wrong password's 422, a 409 to reload) is shown to the person, not
  // logged as an error; what the UI cannot explain (a 5xx, a bug) is.
  if (!(error instanceof HttpError && error.status >= 400 && error.status < 500) && !(error instanceof OfflineRefusal)) console.error(error);
  const report = describeError(error, ctx);
  for (const [field, message] of Object.entries(report.fieldErrors)) ctx.form?.setFieldError(field, message);
  if (report.notice) {
    const id = `error-${++noticeSeq}`;
    const { title, lines, reload } = report.notice;
    // The notifications code is not part of the first screen: it loads with the first message.
    void loadNotifications().then(({ notifications }) =>
      notifications.show({
        id,
        color: 'red',
        title,
        message: <NoticeBody id={id} lines={lines} reload={reload} onReload={ctx.onReload} />,
        autoClose: reload ? false : 8000,
        withBorder: true,
        closeButtonProps: CLOSE_NOTICE,
      }),
    );
  }
  if (error instanceof HttpError && error.status === 401) notifyUnauthorized();
  return report;
}

/** Adapts a @mantine/form form (or anything with setFieldError) to the mapper. */
export function formTarget(form: { setFieldError: (field: never, message: string) => void }, fields: readonly string[]): FieldErrorTarget {
  return { fields, setFieldError: (field, message) => (form.setFieldError as (f: string, m: string) => void)(field, message) };
}

export const SUCCESS_AUTO_CLOSE_MS = 2500;
export const LONG_SUCCESS_AUTO_CLOSE_MS = 10_000;
let lastSuccessId: string | null = null;

/**
 * A brief confirmation that something was saved or deleted; replaces the previous one. A message
 * with somewhere to go (a `NoticeLink`) asks for `long`: it stays 10 s instead of 2.5 (and, like
 * every notice, while the pointer is over it).
 */
export function reportSuccess(message: ReactNode, { long = false }: { long?: boolean } = {}): void {
  const previous = lastSuccessId;
  const id = (lastSuccessId = `success-${++noticeSeq}`);
  // Loaded with the first message, like reportError's (not part of the first screen).
  void loadNotifications().then(({ notifications }) => {
    if (previous) notifications.hide(previous);
    notifications.show({
      id,
      color: 'teal',
      message,
      autoClose: long ? LONG_SUCCESS_AUTO_CLOSE_MS : SUCCESS_AUTO_CLOSE_MS,
      withBorder: true,
      closeButtonProps: CLOSE_NOTICE,
    });
  });
}

/**
 * Runs work behind the app's one busy indicator, says `done` when it went, and reports what went
 * wrong (reportError); resolves with its answer, or null when it failed. For a screen's action
 * buttons (Finalize, Send, Pull):
 *
 *   const run = useReportedRun();
 *   const job = await run(() => convertToJob(queryClient, id), 'Job made from the estimate.');
 */
export function useReportedRun(): <T>(work: () => Promise<T>, done: string) => Promise<T | null> {
  const loader = useLoader();
  return async (work, done) => {
    try {
      const out = await loader.run(work());
      reportSuccess(done);
      return out;
    } catch (e) {
      reportError(e);
      return null;
    }
  };
}

/**
 * A reported run (useReportedRun) the person confirms first (Revoke, Turn off, Receive All): null
 * when they say no, as when the work fails.
 */
export function useConfirmedRun(): <T>(question: ReactNode, ask: ConfirmOptions, work: () => Promise<T>, done: string) => Promise<T | null> {
  const dialogs = useDialogs();
  const run = useReportedRun();
  return async (question, ask, work, done) => ((await dialogs.confirm(question, ask)) ? run(work, done) : null);
}
