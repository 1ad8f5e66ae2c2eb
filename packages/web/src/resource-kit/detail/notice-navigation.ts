/**
 * The router's navigate, lent to links in notices (notice-link.tsx), which show outside the router.
 * The root layout lends it; a file of its own so the first screen carries no more than this.
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router';

let go: ((to: string) => void) | null = null;

/** Lends the router's navigate to the links in notices (the root layout, once). */
export function useNoticeNavigation(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const mine = (to: string) => void navigate(to);
    go = mine;
    return () => {
      if (go === mine) go = null;
    };
  }, [navigate]);
}

/** Goes to `to` through the router; false when none is lent (then a plain link goes). */
export function noticeNavigate(to: string): boolean {
  if (!go) return false;
  go(to);
  return true;
}
