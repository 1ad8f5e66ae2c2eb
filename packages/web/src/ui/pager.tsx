/** The one pager (lists, lookups): Mantine's Pagination with names on its arrow-only buttons. */
import { Pagination, type PaginationProps } from '@mantine/core';

const controlProps = (control: 'first' | 'previous' | 'last' | 'next') => ({ 'aria-label': `${control[0]!.toUpperCase()}${control.slice(1)} page` });
const itemProps = (page: number) => ({ 'aria-label': `Page ${page}` });

export function Pager(props: PaginationProps) {
  return <Pagination size="sm" getControlProps={controlProps} getItemProps={itemProps} {...props} />;
}
