/** What people bring: clients and their types, and employees (contract/feature.ts). */
import { IconUsers } from '@tabler/icons-react';
import type { Feature } from '../../contract/feature.ts';

export const peopleFeature: Feature<'people'> = {
  area: 'people',
  resources: {
    clients: {
      dialog: () => import('./client-dialog.tsx').then((m) => m.openClientDialog),
      // Clients have no screen of their own: a palette hit opens the Client dialog.
    },
    client_types: { dialog: () => import('./client-type-dialog.tsx').then((m) => m.openClientTypeDialog) },
    // Employees are edited on their own screen only.
    users: { dialog: null },
  },
  routes: [
    { path: '/lists/clients', screen: () => import('./clients-page.tsx').then((m) => m.ClientsPage) },
    { path: '/employees', requires: { action: 'view', area: 'users' }, screen: () => import('./employees-page.tsx').then((m) => m.EmployeesPage) },
  ],
  menu: [
    { to: '/employees', label: 'Employees', check: { action: 'edit', area: 'users' }, order: 40 },
    { to: '/lists/clients', label: 'Clients', check: { action: 'edit', area: 'clients' }, group: 'lists', order: 5 },
  ],
  dashboard: [
    {
      key: 'employees',
      title: 'Employees',
      description: 'People, roles and access.',
      icon: IconUsers,
      check: { action: 'edit', area: 'users' },
      order: 5,
      actions: [{ label: 'All', to: '/employees', order: 1 }],
    },
  ],
};
