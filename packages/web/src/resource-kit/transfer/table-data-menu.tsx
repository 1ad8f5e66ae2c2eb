/**
 * The export and import menu of a resource table (ResourceTable mounts it): "Export CSV" writes
 * the rows the table shows, every page, with its search, filters and sort; "Import from file"
 * (for the resources of IMPORTABLE, to users who may edit them) opens the import dialog. What
 * they do loads when chosen (csv-export.tsx, import-dialog.tsx), never with the list.
 */
import { isImportable } from '@glazier/shared/actions/importable';
import { RESOURCES, type ResourceName } from '@glazier/shared/resources/registry';
import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconDownload, IconUpload } from '@tabler/icons-react';
import type { Query } from '../http/http.ts';
import { useCurrentUser } from '../http/session-user.ts';
import { can } from '@glazier/shared/permissions';
import { reportError } from '../forms/error-mapper.tsx';
import { useModals } from '../../ui/modal-stack.tsx';
import type { TransferColumn } from './transfer-column.ts';

export interface TableDataMenuProps {
  resource: ResourceName;
  columns: TransferColumn[];
  /** The table's query now: search, filters and sort (no page). */
  query: Query;
}

export function TableDataMenu(props: TableDataMenuProps) {
  // Only an importable resource asks who the user is (the menu of any other list needs nobody).
  return isImportable(props.resource) ? <ImportableMenu {...props} /> : <DataMenu {...props} canImport={false} />;
}

function ImportableMenu(props: TableDataMenuProps) {
  const user = useCurrentUser();
  const access = RESOURCES[props.resource].write;
  return <DataMenu {...props} canImport={access !== 'signed_in' && access !== 'nobody' && can(user, 'edit', access)} />;
}

function DataMenu({ resource, columns, query, canImport }: TableDataMenuProps & { canImport: boolean }) {
  const modals = useModals();

  const exportCsv = () => void import('./csv-export.tsx').then((m) => m.exportCsv({ modals, resource, columns, query })).catch((e: unknown) => reportError(e));
  const importFile = () =>
    void import('./import-dialog.tsx')
      .then((m) => (isImportable(resource) ? m.openImportDialog(modals, { resource, columns }) : undefined))
      .catch((e: unknown) => reportError(e));

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="default" size={36} ml="auto" aria-label={canImport ? 'Export or import' : 'Export'} data-testid="table-data-menu">
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconDownload size={16} />} onClick={exportCsv}>
          Export CSV
        </Menu.Item>
        {canImport && (
          <Menu.Item leftSection={<IconUpload size={16} />} onClick={importFile}>
            Import from file…
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
