import { unwrap } from "../api.ts";
import { Link } from "../components/Link.tsx";
import { Status } from "../components/Status.tsx";
import { formatTime } from "../filters.ts";
import { useLoad } from "../load.ts";
import { latestMemory, userFacts, type Fact } from "../memory.ts";
import { useSession } from "../session-context.ts";
import { messageAnchor } from "./Thread.tsx";

const PAGE_SIZE = 50;

/** Where the fact was stated: its message, on its thread's page. */
const sourceHref = ({ source }: Fact) => `/console/threads/${source.threadId}#${messageAnchor(source.messageExternalId, source.messageId)}`;

function FactLine({ fact }: { fact: Fact }) {
  return (
    <>
      {fact.text}{" "}
      <span class="muted">
        · <time dateTime={fact.statedAt}>{formatTime(fact.statedAt)}</time> · <Link href={sourceHref(fact)}>source message</Link>
      </span>
    </>
  );
}

/** The current facts, each with the history of its subject (the statements it replaced), newest first. */
function Facts({ facts }: { facts: Fact[] }) {
  const current = facts.filter((fact) => fact.invalidAt === null);
  if (!current.length) return <p class="muted">No facts yet.</p>;
  return (
    <ul class="list" data-testid="user-facts">
      {current.map((fact) => {
        const history = facts.filter((older) => older.subject === fact.subject && older.invalidAt !== null);
        return (
          <li key={fact.id} data-fact-id={fact.id}>
            <strong>{fact.subject}</strong>: <FactLine fact={fact} />
            {history.length ? (
              <details>
                <summary>Earlier ({history.length})</summary>
                <ul>
                  {history.map((older) => (
                    <li key={older.id} data-fact-id={older.id}>
                      <FactLine fact={older} />
                    </li>
                  ))}
                </ul>
              </details>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** One user: who they are, what they said about themselves, their threads (newest first) and their latest memory. */
export function UserView({ externalId }: { externalId: string }) {
  const { service, unauthorized } = useSession();
  const threads = useLoad(
    `user-threads-${externalId}`,
    () => unwrap(service.GET("/api/external/threads", { params: { query: { externalUserIds: [externalId], pageSize: PAGE_SIZE } } })),
    unauthorized,
  );
  const memory = useLoad(`memory-${externalId}`, () => latestMemory(service, externalId), unauthorized);
  const facts = useLoad(`user-facts-${externalId}`, () => userFacts(service, externalId), unauthorized);
  const user = threads.data?.rows[0]?.externalUser;

  if (facts.data === null) {
    return (
      <section aria-labelledby="user-title" aria-busy={false}>
        <p>
          <Link href="/console/threads">← Threads</Link>
        </p>
        <h1 id="user-title">{externalId}</h1>
        <p class="error" role="alert">
          No such user: the service knows no user with this external id.
        </p>
      </section>
    );
  }

  return (
    <section aria-labelledby="user-title" aria-busy={threads.loading || memory.loading || facts.loading}>
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
      <h2>Facts</h2>
      <Status state={facts} />
      {facts.data ? <Facts facts={facts.data} /> : null}
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
