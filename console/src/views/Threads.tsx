import { unwrap, type components } from "../api.ts";
import { ChipsField, DateRangeField, SelectField, TextField } from "../components/Fields.tsx";
import { Link } from "../components/Link.tsx";
import { Pager } from "../components/Pager.tsx";
import { Status } from "../components/Status.tsx";
import { dayBounds, dayParam, formatTime, idList, idParam, idsParam, listParam, pageParam, presentOnly, textParam } from "../filters.ts";
import { excerptAround, plainText, type Excerpt } from "../excerpt.ts";
import { useLoad } from "../load.ts";
import { userHref } from "../memory.ts";
import { navigate, queryString } from "../router.ts";
import { useSession } from "../session-context.ts";
import { feedbackOnThreads, isPositive } from "../feedback.ts";
import { useIntentOptions, useProjectOptions, useSegmentOptions } from "../vocabulary.ts";

type Thread = components["schemas"]["Thread"];

const PAGE_SIZE = 25;
const EXCERPT_LENGTH = 140;

function readFilters(query: URLSearchParams) {
  return {
    projectId: idParam(query, "projectId"),
    externalUserIds: listParam(query, "externalUserIds"),
    intentIds: idsParam(query, "intentIds"),
    userSegmentIds: idsParam(query, "userSegmentIds"),
    from: dayParam(query, "from"),
    to: dayParam(query, "to"),
    search: textParam(query, "search"),
    userSearch: textParam(query, "userSearch"),
  };
}
type ThreadFilters = ReturnType<typeof readFilters>;

const viewUrl = (filters: ThreadFilters, pageIndex = 0) =>
  `/console/threads${queryString({ ...filters, intentIds: filters.intentIds.map(String), userSegmentIds: filters.userSegmentIds.map(String), page: pageIndex > 0 ? pageIndex + 1 : undefined })}`;

/**
 * A plain-text excerpt of the row: the first message the row carries (a Thread carries its latest
 * 100) that matches the search, else its first user message, else its first message.
 */
function excerpt(thread: Thread, search: string): Excerpt {
  const texts = thread.messages.map((message) => ({ role: message.role, text: message.type === "markdown" ? plainText(message.content) : message.content.replace(/\s+/g, " ").trim() }));
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const chosen =
    (words.length ? texts.find(({ text }) => words.some((word) => text.toLowerCase().includes(word))) : undefined) ?? texts.find(({ role }) => role === "user") ?? texts[0];
  return excerptAround(chosen?.text ?? "", search, EXCERPT_LENGTH);
}

function ExcerptCell({ excerpt: { before, match, after } }: { excerpt: Excerpt }) {
  return (
    <td class="excerpt" data-label="Excerpt">
      {before}
      {match ? <mark>{match}</mark> : null}
      {after}
    </td>
  );
}

export function ThreadsView({ query }: { query: URLSearchParams }) {
  const { service, unauthorized } = useSession();
  const filters = readFilters(query);
  const pageIndex = pageParam(query);
  const projects = useProjectOptions();
  const intents = useIntentOptions(filters.projectId);
  const segments = useSegmentOptions();
  const page = useLoad(
    `threads?${query}`,
    () =>
      unwrap(
        service.GET("/api/external/threads", {
          params: {
            query: presentOnly({
              projectId: filters.projectId,
              externalUserIds: filters.externalUserIds,
              intentIds: filters.intentIds,
              userSegmentIds: filters.userSegmentIds,
              search: filters.search,
              userSearch: filters.userSearch,
              ...dayBounds(filters.from, filters.to),
              pageSize: PAGE_SIZE,
              pageIndex,
            }),
          },
        }),
      ),
    unauthorized,
  );
  const threadIds = page.data?.rows.map((thread) => thread.id) ?? [];
  const votes = useLoad(`votes-${threadIds.join(",")}`, () => feedbackOnThreads(service, threadIds), unauthorized);
  const votesOf = (threadId: number) => {
    const rows = votes.data?.rows.filter((feedback) => feedback.threadId === threadId) ?? [];
    const up = rows.filter(isPositive).length;
    return { up, down: rows.length - up };
  };
  const apply = (changes: Partial<ThreadFilters>) => navigate(viewUrl({ ...filters, ...changes }), { replace: true });
  const anyFilter = Object.values(filters).some((value) => (Array.isArray(value) ? value.length > 0 : value !== undefined && value !== ""));
  return (
    <section aria-labelledby="threads-title" aria-busy={page.loading || votes.loading}>
      <h1 id="threads-title">Threads</h1>
      <form class="filters" onSubmit={(event) => event.preventDefault()} aria-label="Thread filters">
        <SelectField label="Project" value={filters.projectId ? String(filters.projectId) : ""} options={projects} onChange={(value) => apply({ projectId: value ? Number(value) : undefined, intentIds: [] })} />
        <ChipsField label="Intents" values={filters.intentIds.map(String)} options={intents} onChange={(values) => apply({ intentIds: values.map(Number) })} />
        <ChipsField label="User segments" values={filters.userSegmentIds.map(String)} options={segments} onChange={(values) => apply({ userSegmentIds: values.map(Number) })} />
        <TextField label="Users" value={filters.externalUserIds.join(", ")} hint="External ids, comma-separated" onChange={(text) => apply({ externalUserIds: idList(text) })} />
        <DateRangeField from={filters.from} to={filters.to} onChange={apply} />
        <TextField label="Search messages" value={filters.search} onChange={(search) => apply({ search })} />
        <TextField label="Search users" value={filters.userSearch} hint="Id, name, email or username" onChange={(userSearch) => apply({ userSearch })} />
        {anyFilter ? (
          <button type="button" class="secondary" onClick={() => navigate("/console/threads")}>
            Clear all
          </button>
        ) : null}
      </form>
      <Status state={page} />
      {page.data && !page.error ? (
        <>
          <Pager pageIndex={pageIndex} pageSize={PAGE_SIZE} count={page.data.count} countExact={page.data.countExact} rows={page.data.rows.length} noun="threads" hrefFor={(index) => viewUrl(filters, index)} />
          <table class="rows" data-testid="threads">
            <caption class="visually-hidden">Threads, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Thread</th>
                <th scope="col">User</th>
                <th scope="col">Project</th>
                <th scope="col">Intents</th>
                <th scope="col">Created</th>
                <th scope="col" class="number">Messages</th>
                <th scope="col">Excerpt</th>
                <th scope="col">Votes</th>
              </tr>
            </thead>
            <tbody>
              {page.data.rows.map((thread) => (
                <tr key={thread.id} data-thread-id={thread.id}>
                  <td>
                    <Link href={`/console/threads/${thread.id}`}>{thread.externalId ?? `#${thread.id}`}</Link>
                  </td>
                  <td data-label="User">
                    <Link href={userHref(thread.externalUser.externalId)}>{thread.externalUser.name ?? thread.externalUser.externalId}</Link>
                  </td>
                  <td data-label="Project">{thread.project.name}</td>
                  <td data-label="Intents">{thread.intents.map((intent) => intent.name).join(", ")}</td>
                  <td data-label="Created">
                    <time dateTime={thread.createdAt}>{formatTime(thread.createdAt)}</time>
                  </td>
                  <td class="number message-count" data-label="Messages">{thread.messageCount}</td>
                  <ExcerptCell excerpt={excerpt(thread, filters.search)} />
                  <Votes {...votesOf(thread.id)} known={Boolean(votes.data) && !votes.loading} />
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </section>
  );
}

function Votes({ up, down, known }: { up: number; down: number; known: boolean }) {
  if (!known) return <td class="votes" data-label="Votes">…</td>;
  return (
    <td class="votes" data-label="Votes" data-up={up} data-down={down}>
      <span class="up">
        <span aria-hidden="true">▲</span> {up}
        <span class="visually-hidden"> up,</span>
      </span>{" "}
      <span class="down">
        <span aria-hidden="true">▼</span> {down}
        <span class="visually-hidden"> down</span>
      </span>
    </td>
  );
}
