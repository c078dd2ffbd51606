import { Link } from "./Link.tsx";

interface PagerProps {
  /** 0-based */
  pageIndex: number;
  pageSize: number;
  count: number;
  noun: string;
  /** False when the listing stopped counting (its `countExact`): `count` is then a lower bound. */
  countExact?: boolean;
  /** The URL of another page of the same view. */
  hrefFor(pageIndex: number): string;
}

export function Pager({ pageIndex, pageSize, count, noun, countExact, hrefFor }: PagerProps) {
  const atLeast = countExact === false;
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const first = count === 0 ? 0 : pageIndex * pageSize + 1;
  const last = Math.min(count, (pageIndex + 1) * pageSize);
  return (
    <nav class="pager" aria-label="Pages">
      <p class="count" aria-live="polite">
        <span data-testid="range">
          {first}–{last}
        </span>{" "}
        of <strong data-testid="count">{atLeast ? `${count.toLocaleString("en")}+` : count}</strong> {noun}
      </p>
      {pageIndex > 0 ? <Link href={hrefFor(pageIndex - 1)}>← Previous page</Link> : null}
      <span>
        Page {pageIndex + 1}
        {atLeast ? null : ` of ${pages}`}
      </span>
      {pageIndex + 1 < pages || (atLeast && last === (pageIndex + 1) * pageSize) ? <Link href={hrefFor(pageIndex + 1)}>Next page →</Link> : null}
    </nav>
  );
}
