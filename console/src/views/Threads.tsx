import { unwrap, type components } from "../api.ts";
import { DateField, MultiSelectField, SelectField, TextField } from "../components/Fields.tsx";
import { Link } from "../components/Link.tsx";
import { Pager } from "../components/Pager.tsx";
import { Status } from "../components/Status.tsx";
import { dayBounds, dayParam, formatTime, idParam, idsParam, listParam, pageParam, presentOnly, textParam } from "../filters.ts";
import { useLoad } from "../load.ts";
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

/** The first user message the row carries (a Thread carries its latest 100), else its first message, on one line and cut short. */
function excerpt(thread: Thread): string {
  const message = thread.messages.find((candidate) => candidate.role === "user") ?? thread.messages[0];
  const text = (message?.content ?? "").replace(/\s+/g, " ").trim();
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1)}…` : text;
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
  const apply = (changes: Partial<ThreadFilters>) => navigate(viewUrl({ ...filters, ...changes }));
  const submitText = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const text = (name: string) => String(form.get(name) ?? "").trim();
    apply({ search: text("search"), userSearch: text("userSearch"), externalUserIds: text("externalUserIds").split(",").map((id) => id.trim()).filter(Boolean) });
  };

  return (
    <section aria-labelledby="threads-title" aria-busy={page.loading || votes.loading}>
      <h1 id="threads-title">Threads</h1>
      <form class="filters" onSubmit={submitText} aria-label="Thread filters">
        <SelectField label="Project" value={filters.projectId ? String(filters.projectId) : ""} options={projects} onChange={(value) => apply({ projectId: value ? Number(value) : undefined })} />
        <MultiSelectField label="Intents" values={filters.intentIds.map(String)} options={intents} onChange={(values) => apply({ intentIds: values.map(Number) })} />
        <MultiSelectField label="User segments" values={filters.userSegmentIds.map(String)} options={segments} onChange={(values) => apply({ userSegmentIds: values.map(Number) })} />
        <TextField label="Users" name="externalUserIds" value={filters.externalUserIds.join(", ")} hint="External ids, comma-separated" />
        <DateField label="From (UTC day)" value={filters.from} onChange={(from) => apply({ from })} />
        <DateField label="To (UTC day)" value={filters.to} onChange={(to) => apply({ to })} />
        <TextField label="Search messages" name="search" value={filters.search} />
        <TextField label="Search users" name="userSearch" value={filters.userSearch} hint="Id, name, email or username" />
        <button type="submit">Apply</button>
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
                <th scope="col">Messages</th>
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
                  <td>{thread.externalUser.name ?? thread.externalUser.externalId}</td>
                  <td>{thread.project.name}</td>
                  <td>{thread.intents.map((intent) => intent.name).join(", ")}</td>
                  <td>
                    <time dateTime={thread.createdAt}>{formatTime(thread.createdAt)}</time>
                  </td>
                  <td class="number messages">{thread.messageCount}</td>
                  <td class="excerpt">{excerpt(thread)}</td>
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
  if (!known) return <td class="votes">…</td>;
  return (
    <td class="votes" data-up={up} data-down={down}>
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
