/**
 * A new purchase order (`/purchase_orders/create`): choose the vendor; the number shown is the
 * next one (the `purchase_orders.next_number` action), which the server assigns on save (so two
 * orders saved at once never share one); Save goes to the order.
 */
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { reportSuccess } from '../../resource-kit/forms/error-mapper.tsx';
import { useRecordForm } from '../../resource-kit/forms/use-record-form.ts';
import { RecordPicker } from '../../resource-kit/pickers/record-picker.tsx';
import { DialogForm } from '../../ui/dialog-actions.tsx';
import { ScreenTitle } from '../../ui/screen-title.tsx';
import { TextAreaField } from '../../ui/text-field.tsx';
import { fetchNextNumber } from './order-actions.ts';

export const NEXT_NUMBER_KEY = ['purchase_orders', 'next_number'] as const;

export function PurchaseOrderCreatePage() {
  const navigate = useNavigate();
  const next = useQuery({ queryKey: NEXT_NUMBER_KEY, queryFn: fetchNextNumber, staleTime: 0 });
  const record = useRecordForm('purchase_orders', { initialValues: { vendor_id: null as number | null, note: '' } });
  const { form } = record;

  const onSubmit = form.onSubmit(async () => {
    if (record.busy) return;
    const saved = await record.submit();
    if (!saved) return;
    reportSuccess(`Purchase order ${saved.number} saved.`);
    void navigate(`/purchase_orders/${saved.id}`, { replace: true });
  });

  return (
    <Stack gap="md" maw={560}>
      <ScreenTitle>New Purchase Order</ScreenTitle>
      <Card withBorder radius="md" padding="md">
        <DialogForm
          onSubmit={onSubmit}
          footer={
            <Group justify="flex-end" gap="xs">
              <Button variant="default" component={Link} to="/purchase_orders">
                Cancel
              </Button>
              <Button type="submit">Save</Button>
            </Group>
          }
        >
          <Text data-testid="next-number">
            Number: <b>{next.data ?? '…'}</b>
          </Text>
          <RecordPicker resource="vendors" label="Vendor" autoFocus {...form.getInputProps('vendor_id')} data-testid="vendor-picker" />
          <TextAreaField label="Note" autosize minRows={2} {...form.getInputProps('note')} />
        </DialogForm>
      </Card>
    </Stack>
  );
}
