import { ApiError, unwrap, type components } from "../api.ts";
import { useEffect } from "preact/hooks";
import { FeedbackItem } from "../components/FeedbackItem.tsx";
import { Link } from "../components/Link.tsx";
import { MessageContent } from "../components/MessageContent.tsx";
import { Status } from "../components/Status.tsx";
import { feedbackOnThreads, type Feedback } from "../feedback.ts";
import { formatTime } from "../filters.ts";
import { useLoad } from "../load.ts";
import { hashTarget, latestMemory, userHref, type Memory } from "../memory.ts";
import { threadMessages, type Message } from "../messages.ts";
import { useSession } from "../session-context.ts";

type Thread = components["schemas"]["Thread"];

/** The id a message's element carries, so that a link can point at it. */
export const messageAnchor = (externalId: string | null, id?: number) => (externalId !== null ? `message-${externalId}` : `message-id-${id}`);

/**
 * Which message each feedback is on. A listing row names its message by externalId; a message
 * without one is recognised by its role and content (the last such message, as feedback without a
 * message id lands on a thread's last message).
 */
function feedbackByMessage(messages: Message[], feedback: Feedback[]): Map<number, Feedback[]> {
  const byMessage = new Map<number, Feedback[]>();
  for (const item of feedback) {
    const target = item.message.externalId !== null
      ? messages.find((message) => message.externalId === item.message.externalId)
      : messages.findLast((message) => message.externalId === null && message.role === item.message.role && message.content === item.message.content);
    if (target) byMessage.set(target.id, [...(byMessage.get(target.id) ?? []), item]);
  }
  return byMessage;
}

export function ThreadView({ threadId, hash }: { threadId: number; hash: string }) {
  const { service, unauthorized } = useSession();
  const thread = useLoad<Thread>(
    `thread-${threadId}`,
    async () => {
      const page = await unwrap(service.GET("/api/external/threads", { params: { query: { ids: [threadId], pageSize: 1 } } }));
      if (!page.rows[0]) throw new ApiError(404, "Thread not found");
      return page.rows[0];
    },
    unauthorized,
  );
  const userExternalId = thread.data?.externalUser.externalId;
  const memory = useLoad<Memory | null>(`memory-${userExternalId}`, async () => (userExternalId ? latestMemory(service, userExternalId) : null), unauthorized);

  const messages = useLoad(`messages-${threadId}`, () => threadMessages(service, threadId), unauthorized);
  const feedback = useLoad(`feedback-${threadId}`, () => feedbackOnThreads(service, [threadId]), unauthorized);
  const byMessage = messages.data && feedback.data ? feedbackByMessage(messages.data.rows, feedback.data.rows) : new Map<number, Feedback[]>();
  const target = hashTarget(hash);
  const ready = Boolean(messages.data && feedback.data);
  useEffect(() => {
    if (ready && target) document.getElementById(target)?.scrollIntoView({ block: "center" });
  }, [ready, target]);

  return (
    <section aria-labelledby="thread-title" aria-busy={thread.loading || messages.loading || memory.loading || feedback.loading}>
      <p>
        <Link href="/console/threads">← Threads</Link>
      </p>
      <h1 id="thread-title">Thread {thread.data ? (thread.data.externalId ?? `#${thread.data.id}`) : `#${threadId}`}</h1>
      <Status state={thread} />
      {thread.data && !thread.error ? (
        <div class="thread">
          <ThreadDetails thread={thread.data} memory={memory.data ?? null} />
          <h2 id="messages-title">Messages ({thread.data.messageCount})</h2>
          <Status state={messages} />
          {messages.data && !messages.error ? (
            <ol class="messages" aria-labelledby="messages-title" data-testid="messages">
              {messages.data.rows.map((message) => (
                <MessageItem key={message.id} message={message} feedback={byMessage.get(message.id) ?? []} targeted={messageAnchor(message.externalId, message.id) === target} />
              ))}
            </ol>
          ) : null}
          {messages.data && !messages.data.complete ? <p role="status">Only the first {messages.data.rows.length} of this thread's {messages.data.count} messages are shown.</p> : null}
          {feedback.data && !feedback.data.complete ? <p role="status">This thread has more feedback than is shown.</p> : null}
        </div>
      ) : null}
    </section>
  );
}

function ThreadDetails({ thread, memory }: { thread: Thread; memory: Memory | null }) {
  const user = thread.externalUser;
  return (
    <dl class="details">
      <dt>Project</dt>
      <dd>{thread.project.name}</dd>
      <dt>Created</dt>
      <dd>
        <time dateTime={thread.createdAt}>{formatTime(thread.createdAt)}</time>
      </dd>
      <dt>User</dt>
      <dd>
        <Link href={userHref(user.externalId)}>{user.name ?? user.externalId}</Link> <span class="muted">({[user.externalId, user.email, user.username].filter(Boolean).join(", ")})</span>
      </dd>
      <dt>Segments</dt>
      <dd>{user.segments.length ? user.segments.map((segment) => `${segment.type.name}: ${segment.name}`).join(", ") : "none"}</dd>
      <dt>Intents</dt>
      <dd>{thread.intents.length ? thread.intents.map((intent) => intent.name).join(", ") : "none"}</dd>
      {Object.keys(thread.metadata).length ? (
        <>
          <dt>Metadata</dt>
          <dd>
            <pre class="json">{JSON.stringify(thread.metadata, null, 2)}</pre>
          </dd>
        </>
      ) : null}
      <ThreadSummary thread={thread} memory={memory} />
    </dl>
  );
}

/**
 * The API serves a summary only as the user's latest memory (getMemory): it is this thread's own
 * summary when this is that thread; otherwise the page says whose summary it is and links there.
 */
function ThreadSummary({ thread, memory }: { thread: Thread; memory: Memory | null }) {
  if (memory?.threadId === thread.id) {
    return (
      <>
        <dt>Summary</dt>
        <dd class="summary-text" data-testid="memory">
          {memory.summary}
        </dd>
      </>
    );
  }
  return (
    <>
      <dt>User's memory</dt>
      <dd data-testid="memory">
        {memory ? (
          <>
            <span class="summary-text">{memory.summary}</span>
            <br />
            <span class="muted">
              From the user's latest thread, <Link href={`/console/threads/${memory.threadId}`}>{memory.threadExternalId ?? `#${memory.threadId}`}</Link>
            </span>
          </>
        ) : (
          "none yet"
        )}
      </dd>
    </>
  );
}

function MessageItem({ message, feedback, targeted }: { message: Message; feedback: Feedback[]; targeted: boolean }) {
  return (
    <li class={`message role-${message.role}${targeted ? " targeted" : ""}`} id={messageAnchor(message.externalId, message.id)} data-message-id={message.id}>
      <header>
        <strong class="role">{message.role}</strong> <time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time>
        {message.externalId ? <span class="muted"> · {message.externalId}</span> : null}
      </header>
      <MessageContent message={message} />
      {feedback.length ? (
        <ul class="feedback" aria-label={`Feedback on this ${message.role} message`}>
          {feedback.map((item) => (
            <FeedbackItem key={item.id} feedback={item} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
