/**
 * A job template (`/job_templates/{job_template_id}`): name, client, category template, with Edit.
 * Its products tab is the jobs area's products editor; the action bar's add adds a product, as the
 * tab's Add Product does.
 */
import { Button } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { JobProductsSection } from './job-products-section.tsx';
import { DetailPage, useRouteId } from '../../resource-kit/detail/detail-page.tsx';
import { useRecord } from '../../resource-kit/records/queries.ts';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { useModals } from '../../ui/modal-stack.tsx';
import { useScreenAction } from '../../ui/screen-actions.tsx';
import type { RecordOf } from '@glazier/shared/resources/records';
import { openJobProductDialog } from './job-product-dialog.tsx';
import { openJobTemplateDialog } from './job-template-dialog.tsx';

const LIST = { label: 'Job Templates', to: '/job_templates' };

function CategoryTemplateName({ id }: { id: number | null }) {
  const category = useRecord('category_templates', id);
  return <>{id == null ? '—' : (category.data?.name ?? '…')}</>;
}

export function JobTemplatePage() {
  const id = useRouteId('job_template_id');
  const modals = useModals();
  const navigate = useNavigate();
  const canEdit = useCan('edit', 'jobs_admin');
  // As the products tab's Add Product: a template's products need edit jobs and edit jobs_admin.
  const canEditProducts = useCan('edit', 'jobs') && canEdit;
  const shown = useRecord('job_templates', id).data;
  useScreenAction('add', canEditProducts && shown ? () => void openJobProductDialog(modals, { initial: { job_id: shown.id }, ofTemplate: true }) : null);
  const edit = async (template: RecordOf<'job_templates'>) => {
    let deleted = false;
    await openJobTemplateDialog(modals, { record: template, onDeleted: () => (deleted = true) });
    if (deleted) void navigate(LIST.to, { replace: true });
  };
  return (
    <DetailPage
      resource="job_templates"
      id={id}
      parent={LIST}
      fields={[
        { label: 'Client', value: (t) => t.client_name || '—' },
        { label: 'Category template', value: (t) => <CategoryTemplateName id={t.category_template_id} /> },
      ]}
      actions={(t) =>
        canEdit ? (
          <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => void edit(t)}>
            Edit
          </Button>
        ) : null
      }
      sections={[{ key: 'products', label: 'Products', relation: 'products', render: (t) => <JobProductsSection jobId={t.id} owner="template" /> }]}
      testId="job-template-page"
    />
  );
}
