/** The day columns a week's grid shares (the time card and the crew week): Sun 11/22 … Sat 11/28, then the day totals. */
import { formatHours, formatMonthDay, weekdayShort } from '@glazier/shared/rules/dates';
import { Table, Text } from '@mantine/core';
import classes from './time-cards.module.css';

/** Hours as hh:mm, blank for none (a grid of mostly empty days reads better so). */
export const hhmm = (hours: number) => (hours ? formatHours(hours) : '');

export function DayHeadings({ days }: { days: string[] }) {
  return days.map((d) => (
    <Table.Th key={d} ta="center" className={classes.dayColumn}>
      <div>{weekdayShort(d)}</div>
      <Text span fz="xs" c="dimmed" fw={400}>
        {formatMonthDay(d)}
      </Text>
    </Table.Th>
  ));
}

export function DayTotals({ days, totals }: { days: string[]; totals: number[] }) {
  return totals.map((h, i) => (
    <Table.Th key={days[i]} ta="center" className={classes.number}>
      {hhmm(h)}
    </Table.Th>
  ));
}
