/** Every row of a paged listing, a page at a time, up to `maxPages` pages; `complete` says whether that was all of them. */
export async function allPages<T>(
  fetchPage: (pageIndex: number) => Promise<{ count: number; rows: T[] }>,
  maxPages: number,
): Promise<{ rows: T[]; count: number; complete: boolean }> {
  const rows: T[] = [];
  let count = 0;
  for (let pageIndex = 0; pageIndex < maxPages; pageIndex++) {
    const page = await fetchPage(pageIndex);
    count = page.count;
    rows.push(...page.rows);
    if (rows.length >= count || page.rows.length === 0) return { rows, count, complete: true };
  }
  return { rows, count, complete: false };
}
