// The statements of feedback: what a vote is given on, the vote, and its options.
import type { AttributeOption, Feedback, Message, Thread } from "../../generated/prisma/client.ts";
import { attributeJson, optionSummaryProperties } from "../attributes/sql.ts";
import { listingCount } from "../db/counting.ts";
import { composedStatement, statement } from "../db/statement.ts";
import type { FeedbackFilters } from "./filters.ts";
import type { FeedbackView, PublicFeedbackView } from "./views.ts";
import { externalUserJson, publicExternalUserJson, type JsonText } from "../db/json.ts";
import { containsPattern, isoTimestampText as iso } from "../db/sql.ts";
import { namedUser } from "../users/sql.ts";
import { CONTENT_LIMIT } from "../threads/sql.ts";
import { DELIVERIES_WRITTEN_JSON, EVENT_DELIVERIES, eventRow, type ClaimedDelivery, type EventParams } from "../webhooks/eventSql.ts";

/** The AttributeOption object of `AttributeOption o`: its full attribute `Attribute a`, with all its options. */
const attributeOptionJson = `json_build_object(${optionSummaryProperties("o", attributeJson)})`;

/** Which message `Message m` is, as a Feedback object names it. */
const messageIdentity = `'externalId', m."externalId", 'role', m."role"`;

/** What `Message m` says, cut as a Thread object cuts it (decisions.md, "Bounded in bytes"): a page of 200 votes on 5 MB messages is no answer. */
const messageContent = `'content', left(m."content", ${CONTENT_LIMIT.thread}), 'contentTruncated', length(left(m."content", ${CONTENT_LIMIT.thread + 1})) > ${CONTENT_LIMIT.thread}`;

/**
 * The Feedback object of `Feedback f` (its message `m`, thread `t`, giver `u`), its properties in the order a
 * response serializer writes them (the schema's required ones, then the optional ones), its options those
 * whose ids `optionIds` selects (a query on `f`); subqueries scoped to the feedback's organization.
 * Where `publicKey` (SQL, boolean) holds, what a public key's caller may see: of the giver, ids and
 * times (no name, email, username or segments); of the message, which one it is, not what it says.
 */
export const feedbackJson = (optionIds: string, publicKey = "false") => `json_build_object(
  'id', f."id",
  'attributeOptions', COALESCE((
    SELECT json_agg(${attributeOptionJson} ORDER BY o."id")
    FROM "AttributeOption" o
    JOIN "Attribute" a ON a."id" = o."attributeId"
    WHERE o."organizationId" = f."organizationId" AND o."id" IN (${optionIds})), '[]'),
  'createdAt', ${iso('f."createdAt"')}, 'updatedAt', ${iso('f."updatedAt"')},
  'threadId', f."threadId", 'threadExternalId', t."externalId", 'projectId', f."projectId",
  'message', CASE WHEN ${publicKey} THEN json_build_object(${messageIdentity})
                  ELSE json_build_object(${messageIdentity}, ${messageContent}) END,
  'feedbackType', f."feedbackType", 'feedbackText', f."feedbackText",
  'externalUser', CASE WHEN ${publicKey} THEN ${publicExternalUserJson} ELSE ${externalUserJson} END)`;

/** The options a stored feedback carries, for `feedbackJson`. */
const storedFeedbackOptions = `
  SELECT fo."attributeOptionId" FROM "FeedbackOption" fo WHERE fo."organizationId" = f."organizationId" AND fo."feedbackId" = f."id"`;

/** The joins `feedbackJson` needs, after `FROM … f`, the giver `u` from `users` (the table, or a CTE of its rows). */
const feedbackJoinsOn = (users: string) => `
  JOIN "Message" m ON m."id" = f."messageId"
  JOIN "Thread" t ON t."id" = f."threadId"
  JOIN ${users} u ON u."id" = f."externalUserId"`;

/** The joins `feedbackJson` needs, after `FROM … f`. */
const feedbackJoins = feedbackJoinsOn(`"ExternalUser"`);

export interface FeedbackTargetRow {
  threadId: Thread["id"];
  projectId: Thread["projectId"];
  threadUserId: Thread["externalUserId"];
  messageId: Message["id"] | null;
  messageExternalId: Message["externalId"];
  /** Attribute name to the id of the option named for it; null: the attribute has no such option; absent: no such attribute. */
  options: Record<string, AttributeOption["id"] | null>;
}

/**
 * What feedback is given on: the thread by externalId (`threadExternalId`, narrowed by projectId `projectId` when not null), its
 * message named `messageExternalId` (when not null) or else its last one, and the option of each attribute named
 * (in the thread's project). At most two threads: more than one is a conflict.
 */
export const FEEDBACK_TARGET = statement<{ organizationId: number; threadExternalId: string; projectId: number | null; messageExternalId: string | null; attributeNames: string[]; optionNames: string[] }, FeedbackTargetRow>(
  "feedback_target",
  `
    SELECT t."id" AS "threadId", t."projectId", t."externalUserId" AS "threadUserId", m."id" AS "messageId", m."externalId" AS "messageExternalId",
           (SELECT COALESCE(json_object_agg(a."name", o."id"), '{}')
            FROM unnest(:attributeNames::text[], :optionNames::text[]) AS wanted("attribute", "option")
            JOIN "Attribute" a ON a."organizationId" = :organizationId AND a."projectId" = t."projectId" AND a."name" = wanted."attribute"
            LEFT JOIN "AttributeOption" o
              ON o."organizationId" = :organizationId AND o."attributeId" = a."id" AND o."name" = wanted."option") AS "options"
    FROM "Thread" t
    LEFT JOIN LATERAL (
      SELECT m."id", m."externalId" FROM "Message" m
      WHERE m."organizationId" = t."organizationId" AND m."threadId" = t."id" AND (:messageExternalId::text IS NULL OR m."externalId" = :messageExternalId)
      ORDER BY m."id" DESC
      LIMIT 1
    ) m ON true
    WHERE t."organizationId" = :organizationId AND t."externalId" = :threadExternalId AND (:projectId::int IS NULL OR t."projectId" = :projectId)
    LIMIT 2`,
);

export interface VoteRow {
  id: Feedback["id"];
  created: boolean;
  /** The Feedback object (JSON text, answered as it is) of a new vote; null when the vote replaced an earlier one (FEEDBACK_OPTIONS answers then). */
  feedback: JsonText<FeedbackView | PublicFeedbackView> | null;
  /** The deliveries of a new vote's event (none when no endpoint listens, nor for a replaced vote). */
  deliveries: ClaimedDelivery[];
}

/** Voting again: the vote's type and text are replaced (its options by FEEDBACK_OPTIONS). */
const REPLACE_VOTE = `DO UPDATE SET
  "feedbackType" = EXCLUDED."feedbackType", "feedbackText" = EXCLUDED."feedbackText", "updatedAt" = now()`;

/** The values of a vote: `publicKey` whether a public key asks (its answer leaves out personal data). */
export interface VoteParams extends EventParams {
  /** The event a new vote writes (for the endpoints subscribed to it). */
  type: "feedback.created";
  messageId: number;
  threadId: number;
  projectId: number;
  feedbackType: string;
  feedbackText: string | null;
  optionIds: number[];
  publicKey: boolean;
}

/** The giver from the vote's CTE `giver`: one it creates is not in its own snapshot of "ExternalUser". */
const voteJoins = feedbackJoinsOn("giver");

/** The giver of a vote, the CTE `giver`: user `userId`, or the user `giverExternalId` names (created when new: namedUser). */
const GIVER_BY_ID = `giver AS (SELECT * FROM "ExternalUser" WHERE "organizationId" = :organizationId::int AND "id" = :userId::int)`;
const GIVER_BY_EXTERNAL_ID = `${namedUser(":giverExternalId::text")}, giver AS (SELECT * FROM named_user)`;

/**
 * The vote, one per message per giver: the first inserts it, a later one, on the unique key, so that
 * concurrent identical votes create it once, either replaces its type and text (`onConflict`
 * REPLACE_VOTE) or leaves it and answers no row (DO NOTHING). A giver named by externalId is found or
 * created in the same statement (no row either when a concurrent call created them after its snapshot). One
 * statement per giver's form (`giver`) and conflict rule: with both forms in one, PostgreSQL would plan it anew on
 * every call (a custom plan, which drops the form not taken, always looks cheaper than the generic one). A new vote gets its
 * options and its Feedback object in this same statement: no other transaction can have
 * given options to a row this one has just inserted, and the answer reads nothing this statement
 * wrote but the row it returns (so no plan scans "Feedback" or "FeedbackOption"). A new vote also
 * writes its feedback.created event (its data the Feedback object as a private key gets it) when an
 * endpoint listens, with its `deliveries` leased for `leaseMs` (src/webhooks/handoff.ts): no round trip of its own. A replaced vote answers `feedback: null`, for
 * FEEDBACK_OPTIONS to set its options and write its feedback.updated event.
 */
const vote = <Giver extends object>(name: string, giver: string, onConflict: string) =>
  statement<VoteParams & Giver, VoteRow>(name, `
    WITH ${giver}, f AS (
      INSERT INTO "Feedback" ("organizationId", "messageId", "threadId", "projectId", "externalUserId", "feedbackType", "feedbackText")
      SELECT :organizationId::int, :messageId::int, :threadId::int, :projectId::int, giver."id", :feedbackType::text, :feedbackText::text FROM giver
      ON CONFLICT ("organizationId", "messageId", "externalUserId") ${onConflict}
      RETURNING *, (xmax = 0) AS "created"
    ), added AS (
      INSERT INTO "FeedbackOption" ("organizationId", "feedbackId", "attributeOptionId")
      SELECT :organizationId, f."id", option_id FROM f, unnest(:optionIds::int[]) AS option_id
      WHERE f."created"
    ), ${eventRow(`(SELECT ${feedbackJson("SELECT unnest(:optionIds::int[])")}::jsonb FROM f ${voteJoins})`, `(SELECT f."created" FROM f)`)},
    event_deliveries AS (${EVENT_DELIVERIES})
    SELECT f."id", f."created", CASE WHEN f."created" THEN ${feedbackJson("SELECT unnest(:optionIds::int[])", ":publicKey::boolean")}::text END AS "feedback",
      ${DELIVERIES_WRITTEN_JSON} AS "deliveries"
    FROM f ${voteJoins}`);

type ById = { userId: number };
type ByExternalId = { giverExternalId: string };

/** A vote that creates the giver's vote on the message or replaces it: the giver by id, or by externalId. */
export const CREATE_OR_REPLACE_FEEDBACK = vote<ById>("feedback_create_or_replace", GIVER_BY_ID, REPLACE_VOTE);
export const CREATE_OR_REPLACE_FEEDBACK_BY_EXTERNAL_ID = vote<ByExternalId>("feedback_create_or_replace_by_external_id", GIVER_BY_EXTERNAL_ID, REPLACE_VOTE);

/** A vote that only creates: no row when the giver already has a vote on the message (or a concurrent call gave it). */
export const CREATE_FEEDBACK = vote<ById>("feedback_create", GIVER_BY_ID, "DO NOTHING");
export const CREATE_FEEDBACK_BY_EXTERNAL_ID = vote<ByExternalId>("feedback_create_by_external_id", GIVER_BY_EXTERNAL_ID, "DO NOTHING");

/** The values of a replaced vote's options: `type` its event's (feedback.updated). */
export interface ReplacedVoteParams extends EventParams {
  type: "feedback.updated";
  feedbackId: number;
  optionIds: number[];
  publicKey: boolean;
}

/**
 * Makes the options of replaced vote `feedbackId` exactly `optionIds` and answers with its Feedback object (`publicKey`: as a
 * public key sees it), and writes its feedback.updated event (the Feedback object as a private key gets it) with the
 * `deliveries` leased as a new vote's are. A statement of its own after the vote: holding the feedback row's lock since,
 * its snapshot sees every option a concurrent vote on the same feedback wrote. (Its own
 * subqueries do not see what its CTEs write: the answer's options are those it sets.)
 */
export const FEEDBACK_OPTIONS = statement<ReplacedVoteParams, { feedback: JsonText<FeedbackView | PublicFeedbackView>; deliveries: ClaimedDelivery[] }>(
  "feedback_options",
  `
    WITH removed AS (
      DELETE FROM "FeedbackOption"
      WHERE "organizationId" = :organizationId AND "feedbackId" = :feedbackId AND NOT ("attributeOptionId" = ANY(:optionIds::int[]))
    ), added AS (
      INSERT INTO "FeedbackOption" ("organizationId", "feedbackId", "attributeOptionId")
      SELECT :organizationId, :feedbackId, option_id FROM unnest(:optionIds::int[]) AS option_id
      ON CONFLICT DO NOTHING
    ), ${eventRow(`(SELECT ${feedbackJson("SELECT unnest(:optionIds::int[])")}::jsonb FROM "Feedback" f ${feedbackJoins}
        WHERE f."organizationId" = :organizationId AND f."id" = :feedbackId)`)},
    event_deliveries AS (${EVENT_DELIVERIES})
    SELECT ${feedbackJson("SELECT unnest(:optionIds::int[])", ":publicKey::boolean")}::text AS "feedback", ${DELIVERIES_WRITTEN_JSON} AS "deliveries"
    FROM "Feedback" f ${feedbackJoins}
    WHERE f."organizationId" = :organizationId AND f."id" = :feedbackId`,
);

export type FeedbackFilter = keyof FeedbackFilters;

/** The listing's values: the filters' (the search term as its ILIKE pattern), then the page. */
export type FeedbackFilterParams = Omit<FeedbackFilters, "search"> & { organizationId: number; searchPattern?: string };
type FeedbackListingParams = FeedbackFilterParams & { pageSize: number; offset: number };

/**
 * The conditions on `Feedback f`, every one scoped to the organization (subqueries included) so
 * that each can use an index leading with organizationId. Ids of another organization match
 * nothing, so they filter out instead of failing. Listed in a fixed order: a set of filters always makes the same text.
 */
const FEEDBACK_CONDITIONS: Record<FeedbackFilter, string> = {
  projectId: `f."projectId" = :projectId::int`,
  threadIds: `f."threadId" = ANY(:threadIds::int[])`,
  feedbackType: `f."feedbackType" = :feedbackType::text`,
  after: `f."createdAt" > (:after::timestamptz AT TIME ZONE 'UTC')`,
  before: `f."createdAt" < (:before::timestamptz AT TIME ZONE 'UTC')`,
  externalUserIds: `f."externalUserId" IN (
      SELECT u."id" FROM "ExternalUser" u
      WHERE u."organizationId" = :organizationId AND u."externalId" = ANY(:externalUserIds::text[]))`,
  attributeOptionIds: `f."id" IN (
      SELECT fo."feedbackId" FROM "FeedbackOption" fo
      WHERE fo."organizationId" = :organizationId AND fo."attributeOptionId" = ANY(:attributeOptionIds::int[]))`,
  search: `f."feedbackText" ILIKE :searchPattern`,
};

export const FEEDBACK_FILTERS = Object.keys(FEEDBACK_CONDITIONS) as FeedbackFilter[];

/** A search term's statements are sent unnamed: a plan made for one term can be far off for another. */
const searching = (given: ReadonlySet<FeedbackFilter>) => given.has("search");

/** The conditions of the given filters on `Feedback f`, for a WHERE. */
export const feedbackWhere = (given: ReadonlySet<FeedbackFilter>) =>
  [`f."organizationId" = :organizationId`, ...[...given].map((filter) => FEEDBACK_CONDITIONS[filter])].join(" AND ");

/** The count of all feedback the filters match (a search's stops at 10,000: `listingCount`). */
export const FEEDBACK_COUNT = composedStatement<FeedbackFilter, FeedbackFilterParams, { count: number; countExact: boolean }>(
  "feedback_count",
  FEEDBACK_FILTERS,
  (given) => {
    const count = listingCount(given.has("search"));
    return `SELECT ${count.columns} FROM (SELECT 1 FROM "Feedback" f WHERE ${feedbackWhere(given)} ${count.limit}) matching`;
  },
  searching,
);

/** One page of the matching feedback's Feedback objects, newest first, as one JSON array built by PostgreSQL. */
export const FEEDBACK_PAGE = composedStatement<FeedbackFilter, FeedbackListingParams, { rows: JsonText<FeedbackView[]> }>("feedback_page", FEEDBACK_FILTERS, (given) => `
    SELECT COALESCE(json_agg(${feedbackJson(storedFeedbackOptions)} ORDER BY f."createdAt" DESC, f."id" DESC)::text, '[]') AS "rows"
    FROM (
      SELECT f.* FROM "Feedback" f WHERE ${feedbackWhere(given)}
      ORDER BY f."createdAt" DESC, f."id" DESC
      LIMIT :pageSize OFFSET :offset) f
    ${feedbackJoins}`,
  searching,
);

/** The filters given (an empty list is no filter), and the values of their conditions. */
export function feedbackFilterValues(organizationId: number, filters: FeedbackFilters): { given: FeedbackFilter[]; params: FeedbackFilterParams } {
  const given = FEEDBACK_FILTERS.filter((filter) => {
    const value = filters[filter];
    return value !== undefined && !(Array.isArray(value) && value.length === 0);
  });
  const { search, ...exact } = filters;
  return { given, params: { ...exact, organizationId, searchPattern: search === undefined ? undefined : containsPattern(search) } };
}

/** The listing's two statements for these filters and their values. */
export function feedbackListing(organizationId: number, filters: FeedbackFilters, page: { pageSize: number; pageIndex: number }) {
  const { given, params } = feedbackFilterValues(organizationId, filters);
  return {
    count: FEEDBACK_COUNT.of(given),
    page: FEEDBACK_PAGE.of(given),
    params: { ...params, pageSize: page.pageSize, offset: page.pageSize * page.pageIndex } satisfies FeedbackListingParams,
  };
}
