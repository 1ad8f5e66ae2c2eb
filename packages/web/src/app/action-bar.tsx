/** The bottom action bar for signed-in users (docs/platform.md, Screens and navigation). */
import { Group, Text, UnstyledButton } from '@mantine/core';
import { IconArrowLeft, IconCalendar, IconClock, IconPlus, IconSearch, type Icon } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useModals } from '../ui/modal-stack.tsx';
import { ADD_ON_ARRIVAL, useScreenActions } from '../ui/screen-actions.tsx';

function BarButton({ icon: IconCmp, label, onClick, disabled }: { icon: Icon; label: string; onClick: () => void; disabled?: boolean }) {
  return (
    <UnstyledButton
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      style={{ flex: 1, opacity: disabled ? 0.4 : 1, cursor: disabled ? 'default' : 'pointer', borderRadius: 'var(--mantine-radius-md)' }}
      py={6}
      className="action-bar-button"
    >
      <Group gap={2} justify="center" style={{ flexDirection: 'column' }}>
        <IconCmp size={22} stroke={1.6} />
        <Text size="xs" lh={1}>
          {label}
        </Text>
      </Group>
    </UnstyledButton>
  );
}

/**
 * Back goes to the previous screen of the app; on a screen opened directly (a link, a bookmark, a
 * reload — the first entry of the app's history) it goes home instead of leaving the app.
 */
export function backWithinApp(navigate: ReturnType<typeof useNavigate>, pathname: string): void {
  // React Router numbers the app's history entries from 0 in `history.state.idx`.
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  if (typeof idx === 'number' && idx > 0) void navigate(-1);
  else if (pathname !== '/') void navigate('/');
}

/**
 * Arriving by an `addLink` (`?add=1`): once the screen has registered its add action, the parameter
 * leaves the URL (replacing the entry, so Back and reload do not raise it again) and then the action
 * runs, so the dialog it opens takes its own history entry above the clean URL.
 */
function useAddOnArrival(add: (() => void) | undefined): void {
  const navigate = useNavigate();
  const location = useLocation();
  const raisedFor = useRef<string | null>(null);
  const params = new URLSearchParams(location.search);
  const wanted = params.has(ADD_ON_ARRIVAL);
  useEffect(() => {
    if (!wanted || !add || raisedFor.current === location.key) return;
    raisedFor.current = location.key;
    params.delete(ADD_ON_ARRIVAL);
    const search = params.size ? `?${params}` : '';
    void Promise.resolve(navigate({ pathname: location.pathname, search, hash: location.hash }, { replace: true })).then(() => add());
  }, [wanted, add]); // eslint-disable-line react-hooks/exhaustive-deps
}

export function ActionBar() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const modals = useModals();
  const actions = useScreenActions();
  useAddOnArrival(actions.add);

  const lookup = async () => {
    const { openLookup } = await import('../resource-kit/pickers/lookup-dialog.tsx');
    const job = await openLookup(modals, 'jobs');
    if (job?.id) await navigate(`/jobs/${job.id}`);
  };
  const time = async () => {
    if (actions.clock) return actions.clock();
    const { openTimeEntryDialog } = await import('../features/time/time-entry-dialog.tsx');
    await openTimeEntryDialog(modals);
  };

  return (
    <Group h="100%" gap={0} wrap="nowrap" px={4} role="toolbar" aria-label="Actions" maw={640} mx="auto">
      <BarButton icon={IconArrowLeft} label="Back" onClick={() => backWithinApp(navigate, pathname)} />
      <BarButton icon={IconSearch} label="Lookup" onClick={() => void lookup()} />
      <BarButton icon={IconPlus} label="Add" onClick={() => actions.add?.()} disabled={!actions.add} />
      <BarButton icon={IconCalendar} label="Schedule" onClick={() => void navigate('/schedule')} />
      <BarButton icon={IconClock} label="Time" onClick={() => void time()} />
    </Group>
  );
}
