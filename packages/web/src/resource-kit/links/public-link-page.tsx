/**
 * The shell of a record link's public page (`/approve/{token}`, `/invoice-view/{token}`): mounted
 * outside the app's frame and session (contract/feature.ts `publicRoutes`), it reads the link's
 * public answer by the token in the address once, shows a loader meanwhile, and a page that says
 * why when the server refuses the link (unknown: 404; used, revoked, expired, or its record closed:
 * 410, in the server's words); else the kind's own page, given the answer and the token.
 */
import { Card, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { HttpError } from '../http/http.ts';
import { useDocumentTitle } from '../../ui/screen-title.tsx';

/** Why the link cannot be used, in the server's words (404, 410), else a general message naming `what` ("the estimate"). */
export function linkRefusal(error: unknown, what: string): { title: string; message: string } {
  if (error instanceof HttpError && (error.status === 404 || error.status === 410)) {
    return {
      title: error.status === 404 ? 'This link is not valid' : 'This link is no longer valid',
      message: error.body?.message ?? 'Please ask us for a new link.',
    };
  }
  if (error instanceof HttpError && error.status === 429)
    return { title: 'Please wait a moment', message: 'Too many tries from this connection. Try again in a minute.' };
  return { title: `${what[0]!.toUpperCase()}${what.slice(1)} could not be loaded`, message: 'Check your connection and reload the page.' };
}

/** The page of a refused link: `refusal` is linkRefusal's answer. */
export function LinkRefused({ refusal, testId }: { refusal: { title: string; message: string }; testId: string }) {
  useDocumentTitle(refusal.title);
  return (
    <Center mih="70vh" p="md">
      <Card withBorder radius="md" p="xl" maw={480} data-testid={testId}>
        <Stack align="center" gap="sm">
          <IconAlertTriangle size={40} color="var(--mantine-color-orange-6)" aria-hidden />
          <Title order={1} size="h3" ta="center">
            {refusal.title}
          </Title>
          <Text ta="center">{refusal.message}</Text>
        </Stack>
      </Card>
    </Center>
  );
}

/**
 * A public link's page: `read` is the kind's public action by the token; `what` names its record
 * ("the invoice") in the loader and a general refusal; `refusedTestId` marks the refusal's card.
 */
export function PublicLinkPage<A>({
  name,
  read,
  what,
  refusedTestId,
  children,
}: {
  /** The query's name (the public action's, `client_invoices`). */
  name: string;
  read: (token: string, signal: AbortSignal) => Promise<A>;
  what: string;
  refusedTestId: string;
  children: (answer: A, token: string) => ReactNode;
}) {
  const token = useParams().token ?? '';
  const shown = useQuery({
    queryKey: [name, token],
    queryFn: ({ signal }) => read(token, signal),
    retry: false,
    staleTime: Infinity,
  });
  if (shown.isPending) {
    return (
      <Center mih="70vh">
        <Loader role="status" aria-label={`Loading ${what}`} />
      </Center>
    );
  }
  if (shown.isError) return <LinkRefused refusal={linkRefusal(shown.error, what)} testId={refusedTestId} />;
  return children(shown.data, token);
}
