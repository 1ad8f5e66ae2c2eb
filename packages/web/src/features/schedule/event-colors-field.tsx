/**
 * An event's colours: up to two of the twelve client colours (shared/rules/schedule/event-colors.ts),
 * as toggle buttons. Choosing a third replaces the second; choosing a chosen one takes it off.
 * Its swatch is drawn as ui/swatch-field.tsx draws one, on purpose not shared: a module the client
 * and schedule dialogs share becomes a chunk of its own, named in the first screen's preload list,
 * which is at its 170 KB budget.
 */
import { CLIENT_COLORS } from '@glazier/shared/resources/people';
import { MAX_EVENT_COLORS, joinEventColors, parseEventColors } from '@glazier/shared/rules/schedule/event-colors';
import { CheckIcon, ColorSwatch, Input } from '@mantine/core';
import type { ReactNode } from 'react';
import { useReadOnly } from '../../ui/read-only.tsx';

interface Props {
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  error?: ReactNode;
}

export function EventColorsField({ value, onChange, error }: Props) {
  const readOnly = useReadOnly();
  const chosen = parseEventColors(value);
  const toggle = (c: string) => {
    if (chosen.includes(c)) onChange(joinEventColors(chosen.filter((x) => x !== c)));
    else onChange(joinEventColors(chosen.length < MAX_EVENT_COLORS ? [...chosen, c] : [chosen[0]!, c]));
  };
  return (
    <Input.Wrapper label="Colours" description={readOnly ? undefined : 'Up to two: an event with two is split between them.'} error={error} labelElement="div">
      <div role="group" aria-label="Colours" style={{ display: 'grid', gridTemplateColumns: 'repeat(6, 32px)', gap: 8, marginTop: 4 }}>
        {CLIENT_COLORS.map((c, i) => {
          const on = chosen.includes(c);
          return (
            <ColorSwatch
              key={c}
              component="button"
              type="button"
              color={c}
              size={32}
              aria-pressed={on}
              aria-label={`Colour ${i + 1}`}
              disabled={readOnly}
              onClick={() => toggle(c)}
              style={{ color: '#fff', cursor: readOnly ? 'default' : 'pointer', outline: on ? '2px solid var(--mantine-color-text)' : undefined, outlineOffset: 2 }}
            >
              {on && <CheckIcon size={14} />}
            </ColorSwatch>
          );
        })}
      </div>
    </Input.Wrapper>
  );
}
