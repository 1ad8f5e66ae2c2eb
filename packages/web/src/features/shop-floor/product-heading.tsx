import { jobHeading } from '@glazier/shared/rules/shop-floor/job-labels';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useRecord } from '../../resource-kit/records/queries.ts';
import type { RecordOf } from '@glazier/shared/resources/records';
import { ScreenTitle } from '../../ui/screen-title.tsx';

/** A shop-floor page's title: the product, over its job (a link) and the job's address. */
export function ProductHeading({ product }: { product: RecordOf<'job_products'> }) {
  const job = useRecord('jobs', product.job_id ?? null);
  return (
    <div>
      <ScreenTitle>{product.name || 'Product'}</ScreenTitle>
      <Text c="dimmed" size="sm">
        {job.data ? (
          <Anchor component={Link} to={`/jobs/${product.job_id}`}>
            Job {jobHeading(job.data)}
            {job.data.number && job.data.name ? ` · ${job.data.name}` : ''}
          </Anchor>
        ) : (
          ' '
        )}
        {job.data?.address ? ` · ${job.data.address}` : ''}
      </Text>
    </div>
  );
}
