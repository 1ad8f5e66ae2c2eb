/**
 * A choice of colours as one radio group (WAI-ARIA radio group pattern): one tab stop (the chosen
 * swatch, or the first), arrow keys move and choose, Home/End jump to the ends.
 */
import { CheckIcon, ColorSwatch, Input } from '@mantine/core';
import { useRef, type ButtonHTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';
import { useReadOnly } from './read-only.tsx';

interface SwatchFieldProps<C extends string> {
  label: string;
  colors: readonly C[];
  value: C | null | undefined;
  onChange: (color: C) => void;
  /** Defaults to the form's read-only state (ui/read-only.tsx). */
  disabled?: boolean;
  error?: ReactNode;
  /** Swatches per row (the grid keeps even rows at every width). */
  columns?: number;
}

/**
 * One colour as a button, a tick on it when chosen: the swatch of this field's radio group and of
 * the schedule's colour toggles (the caller gives the role: `role="radio"` + `aria-checked`, or
 * `aria-pressed`).
 */
export function SwatchButton({
  color,
  label,
  selected,
  disabled,
  onClick,
  ...aria
}: { color: string; label: string; selected: boolean; disabled?: boolean; onClick: () => void } & Pick<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'role' | 'aria-checked' | 'aria-pressed' | 'tabIndex'
>) {
  return (
    <ColorSwatch
      component="button"
      type="button"
      color={color}
      size={32}
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      {...aria}
      style={{
        color: '#fff',
        cursor: disabled ? 'default' : 'pointer',
        outline: selected ? '2px solid var(--mantine-color-text)' : undefined,
        outlineOffset: 2,
      }}
    >
      {selected && <CheckIcon size={14} />}
    </ColorSwatch>
  );
}

const MOVES: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

export function SwatchField<C extends string>({ label, colors, value, onChange, disabled: ownDisabled, error, columns = 6 }: SwatchFieldProps<C>) {
  const disabled = useReadOnly(ownDisabled);
  const group = useRef<HTMLDivElement>(null);
  const current = value == null ? 0 : Math.max(0, colors.indexOf(value));

  const choose = (i: number) => {
    onChange(colors[i]!);
    group.current?.querySelectorAll<HTMLButtonElement>('[role="radio"]')[i]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (disabled) return;
    const n = colors.length;
    let next: number | null = null;
    if (e.key in MOVES) next = (current + MOVES[e.key]! + n) % n;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = n - 1;
    if (next === null) return;
    e.preventDefault();
    choose(next);
  };

  return (
    <Input.Wrapper label={label} error={error} labelElement="div">
      <div
        ref={group}
        role="radiogroup"
        aria-label={label}
        aria-disabled={disabled || undefined}
        onKeyDown={onKeyDown}
        style={{ display: 'grid', gridTemplateColumns: `repeat(${columns}, 32px)`, gap: 8, marginTop: 4 }}
      >
        {colors.map((c, i) => {
          const checked = i === current && value === c;
          return (
            <SwatchButton
              key={c}
              color={c}
              label={`Colour ${i + 1}`}
              selected={checked}
              disabled={disabled}
              onClick={() => choose(i)}
              role="radio"
              aria-checked={checked}
              tabIndex={i === current ? 0 : -1}
            />
          );
        })}
      </div>
    </Input.Wrapper>
  );
}
