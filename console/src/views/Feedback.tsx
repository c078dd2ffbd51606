import { unwrap } from "../api.ts";
import { feedbackFilterValues, FeedbackFilterForm, feedbackQuery, readFeedbackFilters, type FeedbackFilters } from "../components/FeedbackFilters.tsx";
import { attributeLabels, FeedbackType, giverLabel } from "../components/FeedbackItem.tsx";
import { Link } from "../components/Link.tsx";
import { Pager } from "../components/Pager.tsx";
import { Status } from "../components/Status.tsx";
import type { Feedback } from "../feedback.ts";
import { formatTime, pageParam } from "../filters.ts";
import { useLoad } from "../load.ts";
import { navigate, queryString } from "../router.ts";
import { useSession } from "../session-context.ts";
import { messageAnchor } from "./Thread.tsx";

const PAGE_SIZE = 25;
const EXCERPT_LENGTH = 100;

const viewUrl = (filters: FeedbackFilters, pageIndex = 0) => `/console/feedback${queryString({ ...feedbackFilterValues(filters), page: pageIndex > 0 ? pageIndex + 1 : undefined })}`;

const oneLine = (text: string) => {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > EXCERPT_LENGTH ? `${line.slice(0, EXCERPT_LENGTH - 1)}…` : line;
};

/** The message in its thread: by its externalId when it has one. */
const messageHref = (feedback: Feedback) =>
  `/console/threads/${feedback.threadId}${feedback.message.externalId !== null ? `#${encodeURIComponent(messageAnchor(feedback.message.externalId))}` : ""}`;

export function FeedbackView({ query }: { query: URLSearchParams }) {
  const { service, unauthorized } = useSession();
  const filters = readFeedbackFilters(query);
  const pageIndex = pageParam(query);
  const page = useLoad(
    `feedback?${query}`,
    () => unwrap(service.GET("/api/external/feedback", { params: { query: { ...feedbackQuery(filters), pageSize: PAGE_SIZE, pageIndex } } })),
    unauthorized,
  );
  const apply = (changes: Partial<FeedbackFilters>) => navigate(viewUrl({ ...filters, ...changes }));

  return (
    <section aria-labelledby="feedback-title" aria-busy={page.loading}>
      <h1 id="feedback-title">Feedback</h1>
      <FeedbackFilterForm filters={filters} apply={apply} label="Feedback filters" />
      <Status state={page} />
      {page.data && !page.error ? (
        <>
          <Pager pageIndex={pageIndex} pageSize={PAGE_SIZE} count={page.data.count} countExact={page.data.countExact} rows={page.data.rows.length} noun="feedback" hrefFor={(index) => viewUrl(filters, index)} />
          <table class="rows" data-testid="feedback">
            <caption class="visually-hidden">Feedback, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Vote</th>
                <th scope="col">Text</th>
                <th scope="col">Attributes</th>
                <th scope="col">Giver</th>
                <th scope="col">On the message</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {page.data.rows.map((feedback) => (
                <tr key={feedback.id} data-feedback-id={feedback.id}>
                  <td>
                    <FeedbackType feedback={feedback} />
                  </td>
                  <td class="excerpt" data-label="Text">{feedback.feedbackText ?? ""}</td>
                  <td data-label="Attributes">{attributeLabels(feedback).join(", ")}</td>
                  <td data-label="Giver">{giverLabel(feedback)}</td>
                  <td class="excerpt" data-label="On">
                    <Link href={messageHref(feedback)}>
                      {feedback.message.role}: {oneLine(feedback.message.content ?? "")}
                    </Link>
                    <span class="muted"> in {feedback.threadExternalId ?? `#${feedback.threadId}`}</span>
                  </td>
                  <td data-label="Created">
                    <time dateTime={feedback.createdAt}>{formatTime(feedback.createdAt)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </section>
  );
}
