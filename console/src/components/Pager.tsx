import { Link } from "./Link.tsx";

interface PagerProps {
  /** 0-based */
  pageIndex: number;
  pageSize: number;
  count: number;
  /** False when a search's count stopped at `count` (10,000): more match, how many is not known. */
  countExact: boolean;
  /** Rows on this page. */
  rows: number;
  noun: string;
  /** The URL of another page of the same view. */
  hrefFor(pageIndex: number): string;
}

export function Pager({ pageIndex, pageSize, count, countExact, rows, noun, hrefFor }: PagerProps) {
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const first = rows === 0 ? 0 : pageIndex * pageSize + 1;
  const last = rows === 0 ? 0 : pageIndex * pageSize + rows;
  // Past an inexact count, a full page says there may be another.
  const hasNext = countExact ? pageIndex + 1 < pages : rows === pageSize;
  return (
    <nav class="pager" aria-label="Pages">
      <p class="count" aria-live="polite">
        <span data-testid="range">
          {first}–{last}
        </span>{" "}
        of <strong data-testid="count">{countExact ? count : `${count.toLocaleString("en-US")}+`}</strong> {noun}
      </p>
      {pageIndex > 0 ? <Link href={hrefFor(pageIndex - 1)}>← Previous page</Link> : null}
      <span>{countExact ? `Page ${pageIndex + 1} of ${pages}` : `Page ${pageIndex + 1}`}</span>
      {hasNext ? <Link href={hrefFor(pageIndex + 1)}>Next page →</Link> : null}
    </nav>
  );
}
