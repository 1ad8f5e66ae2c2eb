/** People on the server: users' rules, their actions; the palette finds clients. */
import type { ServerArea } from '../../engine/server-area.ts';
import { usersHooks } from './users-hooks.ts';
import { peopleHandlers } from './people-actions.ts';

export const peopleArea = {
  hooks: { users: usersHooks },
  handlers: peopleHandlers,
  palette: {
    clients: { order: 20, query: (q) => ({ search: q }), subtitle: () => null },
  },
} satisfies ServerArea<'people'>;
