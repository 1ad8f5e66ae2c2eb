/**
 * The build's stand-in for Mantine's `useId` (vite.config.ts `mantineIdsWithoutRerender`): the id
 * given, or one from React's `useId`, from the first render on, so no component renders twice to
 * change its id after mounting.
 */
import { useId } from 'react';

export function useMantineId(staticId?: string): string {
  const reactId = useId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/[^\w-]/g, '')}`;
}
