/**
 * A link inside a notice (reportSuccess): notices show outside the router, so a router `Link`
 * cannot work there. This one is a real link (`href`: a middle click opens a tab) that goes through
 * the app's router, which the root layout lends it (notice-navigation.ts); without it (a dialog
 * tested alone) it is a plain link.
 *
 *   reportSuccess(<>Moved to <NoticeLink to="/discontinued_products">Discontinued products</NoticeLink>.</>, { long: true });
 */
import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { noticeNavigate } from './notice-navigation.ts';

export function NoticeLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor
      href={to}
      inherit
      fw={600}
      onClick={(e) => {
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        if (noticeNavigate(to)) e.preventDefault();
      }}
    >
      {children}
    </Anchor>
  );
}
