/**
 * An event's colours: up to two of the twelve client colours (shared/rules/schedule/event-colors.ts),
 * as toggle buttons. Choosing a third replaces the second; choosing a chosen one takes it off.
 * Each swatch is the kit's (ui/swatch-field.tsx `SwatchButton`).
 */
import { CLIENT_COLORS } from '@glazier/shared/resources/people';
import { MAX_EVENT_COLORS, joinEventColors, parseEventColors } from '@glazier/shared/rules/schedule/event-colors';
import { Input } from '@mantine/core';
import type { ReactNode } from 'react';
import { useReadOnly } from '../../ui/read-only.tsx';
import { SwatchButton } from '../../ui/swatch-field.tsx';

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
          return <SwatchButton key={c} color={c} label={`Colour ${i + 1}`} selected={on} disabled={readOnly} onClick={() => toggle(c)} aria-pressed={on} />;
        })}
      </div>
    </Input.Wrapper>
  );
}
