/** The search box of a list kept in the address (resource-table.tsx). */
import { useEffect, useRef, useState } from 'react';
import type { ListState } from './list-state.tsx';

/** What the search box shows (`text`) and how typing changes it (`type`). */
export function useSearchText(list: ListState) {
  // The box shows what is typed, and each keystroke goes to the address at once (replacing its
  // entry), so a row opened right after typing leaves a list Back returns to with that search; the
  // query follows 300 ms after typing stops. A change of the address's search that is not ours
  // (Back, a link) puts it in the box.
  const [text, setText] = useState(list.search);
  const written = useRef<string[]>([]);
  const type = (value: string) => {
    setText(value);
    if (value.trim() === list.search) return;
    written.current.push(value.trim());
    list.setSearch(value);
  };
  useEffect(() => {
    const ours = written.current.indexOf(list.search);
    if (ours >= 0) {
      written.current.splice(0, ours + 1);
      return;
    }
    written.current = [];
    setText((t) => (t.trim() === list.search ? t : list.search));
  }, [list.search]);
  return { text, type };
}
