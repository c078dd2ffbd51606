import { useEffect, useRef } from "preact/hooks";

/**
 * A chart drawn by `draw` from `data`, redrawn when the data changes. Hidden from screen readers:
 * each chart's figure carries the same numbers as a table.
 */
export function Chart<T>({ data, draw }: { data: T; draw(data: T): Element }) {
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    holder.current?.replaceChildren(draw(data));
  }, [data]);
  return <div class="chart" ref={holder} aria-hidden="true" />;
}
