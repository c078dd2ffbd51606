import { unwrap } from "../api.ts";
import { Link } from "../components/Link.tsx";
import { Status } from "../components/Status.tsx";
import { formatTime } from "../filters.ts";
import { useLoad } from "../load.ts";
import { latestMemory } from "../memory.ts";
import { useSession } from "../session-context.ts";

const PAGE_SIZE = 50;

/** One user: who they are, their threads (newest first) and their latest memory. */
export function UserView({ externalId }: { externalId: string }) {
  const { service, unauthorized } = useSession();
  const threads = useLoad(
    `user-threads-${externalId}`,
    () => unwrap(service.GET("/api/external/threads", { params: { query: { externalUserIds: [externalId], pageSize: PAGE_SIZE } } })),
    unauthorized,
  );
  const memory = useLoad(`memory-${externalId}`, () => latestMemory(service, externalId), unauthorized);
  const user = threads.data?.rows[0]?.externalUser;

  return (
    <section aria-labelledby="user-title" aria-busy={threads.loading || memory.loading}>
      <p>
        <Link href="/console/threads">← Threads</Link>
      </p>
      <h1 id="user-title">{user?.name ?? externalId}</h1>
      {user ? (
        <dl class="details">
          <dt>External id</dt>
          <dd>{user.externalId}</dd>
          {user.email ? (
            <>
              <dt>Email</dt>
              <dd>{user.email}</dd>
            </>
          ) : null}
          {user.username ? (
            <>
              <dt>Username</dt>
              <dd>{user.username}</dd>
            </>
          ) : null}
          {user.segments.length ? (
            <>
              <dt>Segments</dt>
              <dd>{user.segments.map((segment) => `${segment.type.name}: ${segment.name}`).join(", ")}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      <h2>Latest memory</h2>
      <Status state={memory} />
      {memory.data ? (
        <div class="summary" data-testid="user-memory">
          <p class="summary-text">{memory.data.summary}</p>
          <p class="muted">
            From <Link href={`/console/threads/${memory.data.threadId}`}>thread {memory.data.threadExternalId ?? `#${memory.data.threadId}`}</Link>, <time dateTime={memory.data.createdAt}>{formatTime(memory.data.createdAt)}</time>
          </p>
        </div>
      ) : memory.loading ? null : (
        <p class="muted">No memory yet.</p>
      )}
      <h2 id="user-threads-title">Threads{threads.data ? ` (${threads.data.count})` : ""}</h2>
      <Status state={threads} />
      {threads.data && !threads.error ? (
        threads.data.rows.length ? (
          <ul class="list" aria-labelledby="user-threads-title" data-testid="user-threads">
            {threads.data.rows.map((thread) => (
              <li key={thread.id} data-thread-id={thread.id}>
                <Link href={`/console/threads/${thread.id}`}>{thread.externalId ?? `#${thread.id}`}</Link> <span class="muted">· {thread.project.name} · {thread.messageCount} messages · <time dateTime={thread.createdAt}>{formatTime(thread.createdAt)}</time></span>
              </li>
            ))}
          </ul>
        ) : (
          <p>No threads for this user.</p>
        )
      ) : null}
      {threads.data && threads.data.count > threads.data.rows.length ? (
        <p>
          <Link href={`/console/threads?externalUserIds=${encodeURIComponent(externalId)}`}>All {threads.data.count} threads of this user</Link>
        </p>
      ) : null}
    </section>
  );
}
