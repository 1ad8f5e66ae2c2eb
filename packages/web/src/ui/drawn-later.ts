/**
 * Long screens drawn in two steps: what fills the first screen with the page, the rest right after
 * in a render React splits into short slices (useDeferredValue), so a long list or grid does not
 * block a phone's main thread while it is drawn (the estimate's 200 items took 0.5–2.2 s in one
 * task on a phone at 4× slower CPU, the takeoff's 50 × 40 grid 1.8 s). Use it for what is below
 * the first screen: what follows comes before anyone can scroll to it.
 */
import { useDeferredValue } from 'react';

/** How many of `count` things to draw now: the first `first` with the page, all of them right after. */
export function useShownCount(count: number, first: number): number {
  const firstShown = Math.min(count, first);
  return Math.max(useDeferredValue(count, firstShown), firstShown);
}
