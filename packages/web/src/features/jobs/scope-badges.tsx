/**
 * A job's scopes as badges (docs/domain/jobs.md, Scopes and completion): a listed scope is complete when its flag is set
 * (shared/rules/jobs/job-scope.ts), shown filled with a check; an incomplete one is outlined.
 */
import { completionFlag, type Scope } from '@glazier/shared/rules/jobs/job-scope';
import { Badge, Group, VisuallyHidden } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { RecordOf } from '@glazier/shared/resources/records';

/** The job's listed scopes, each with whether it is complete. */
export function scopeStates(job: RecordOf<'jobs'>): { scope: Scope; complete: boolean }[] {
  return ((job.scope_array ?? []) as Scope[]).map((scope) => ({ scope, complete: job[completionFlag(scope)] === true }));
}

export function ScopeBadges({ job }: { job: RecordOf<'jobs'> }) {
  const states = scopeStates(job);
  if (states.length === 0) return null;
  return (
    <Group gap={4} data-testid="scope-badges">
      {states.map(({ scope, complete }) => (
        <Badge
          key={scope}
          size="sm"
          variant={complete ? 'light' : 'outline'}
          color={complete ? 'teal' : 'gray'}
          leftSection={complete ? <IconCheck size={12} aria-hidden /> : undefined}
          data-complete={complete || undefined}
          styles={{ label: { overflow: 'visible' } }}
        >
          {scope}
          {/* The state is in the words too, not in the colour alone. */}
          <VisuallyHidden>{complete ? ' (complete)' : ' (not complete)'}</VisuallyHidden>
        </Badge>
      ))}
    </Group>
  );
}
