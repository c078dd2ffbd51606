import { Prisma } from "../../generated/prisma/client.ts";
import { isoTimestamp as iso } from "../db/sql.ts";
import type { Db } from "../db/types.ts";
import type { MessageRole } from "../threads/views.ts";
import { externalUserJson, type ExternalUserView, type IsoTimestamp } from "../users/json.ts";

interface AttributeOptionSummary {
  id: number;
  attributeId: number;
  name: string;
  createdAt: IsoTimestamp;
  updatedAt: IsoTimestamp;
}

/** The AttributeOption object with its full attribute and all of that attribute's options. */
interface AttributeOptionView extends AttributeOptionSummary {
  attribute: {
    id: number;
    organizationId: number;
    projectId: number;
    name: string;
    options: AttributeOptionSummary[];
    createdAt: IsoTimestamp;
    updatedAt: IsoTimestamp;
  };
}

/** The Feedback object with the thread, project and message it is on, its giver always there. */
export interface FeedbackView {
  id: number;
  feedbackType: string | null;
  feedbackText: string | null;
  threadId: number;
  threadExternalId: string | null;
  projectId: number;
  message: { externalId: string | null; role: MessageRole; content: string };
  attributeOptions: AttributeOptionView[];
  externalUser: ExternalUserView;
  createdAt: IsoTimestamp;
  updatedAt: IsoTimestamp;
}

/** SQL building the AttributeOption object of `AttributeOption o`: its full attribute `Attribute a`, with all its options. */
function attributeOptionJson(organizationId: number): Prisma.Sql {
  const column = (alias: string, name: string) => Prisma.raw(`${alias}."${name}"`);
  const summary = (alias: string) =>
    Prisma.sql`'id', ${column(alias, "id")}, 'attributeId', ${column(alias, "attributeId")}, 'name', ${column(alias, "name")},
      'createdAt', ${iso(`${alias}."createdAt"`)}, 'updatedAt', ${iso(`${alias}."updatedAt"`)}`;
  return Prisma.sql`json_build_object(${summary("o")},
    'attribute', json_build_object(
      'id', a."id", 'organizationId', a."organizationId", 'projectId', a."projectId", 'name', a."name",
      'createdAt', ${iso('a."createdAt"')}, 'updatedAt', ${iso('a."updatedAt"')},
      'options', (SELECT json_agg(json_build_object(${summary("ao")}) ORDER BY ao."id")
        FROM "AttributeOption" ao WHERE ao."organizationId" = ${organizationId} AND ao."attributeId" = a."id")))`;
}

/**
 * The Feedback objects of the rows `source` selects from "Feedback", newest first, in one
 * statement: PostgreSQL builds the JSON, every subquery scoped to the organization.
 */
export async function loadFeedbackViews(db: Db, organizationId: number, source: Prisma.Sql): Promise<FeedbackView[]> {
  const rows = await db.$queryRaw<{ feedback: FeedbackView }[]>`
    SELECT json_build_object(
      'id', f."id", 'feedbackType', f."feedbackType", 'feedbackText', f."feedbackText",
      'createdAt', ${iso('f."createdAt"')}, 'updatedAt', ${iso('f."updatedAt"')},
      'threadId', f."threadId", 'threadExternalId', t."externalId", 'projectId', f."projectId",
      'message', json_build_object('externalId', m."externalId", 'role', m."role", 'content', m."content"),
      'attributeOptions', COALESCE((
        SELECT json_agg(${attributeOptionJson(organizationId)} ORDER BY fo."attributeOptionId")
        FROM "FeedbackOption" fo
        JOIN "AttributeOption" o ON o."id" = fo."attributeOptionId"
        JOIN "Attribute" a ON a."id" = o."attributeId"
        WHERE fo."organizationId" = ${organizationId} AND fo."feedbackId" = f."id"), '[]'),
      'externalUser', ${externalUserJson}
    ) AS "feedback"
    FROM (${source}) f
    JOIN "Message" m ON m."id" = f."messageId"
    JOIN "Thread" t ON t."id" = f."threadId"
    JOIN "ExternalUser" u ON u."id" = f."externalUserId"
    ORDER BY f."createdAt" DESC, f."id" DESC`;
  return rows.map((row) => row.feedback);
}

/** One feedback of the organization, as POST /api/external/feedback answers it. */
export async function loadFeedback(db: Db, organizationId: number, id: number): Promise<FeedbackView> {
  const [feedback] = await loadFeedbackViews(
    db,
    organizationId,
    Prisma.sql`SELECT * FROM "Feedback" WHERE "organizationId" = ${organizationId} AND "id" = ${id}`,
  );
  if (!feedback) throw new Error(`feedback ${id} of organization ${organizationId} does not exist`);
  return feedback;
}

/**
 * What a public key's caller may see: of the giver, ids and times (no name, email, username or
 * segments); of the message, which one it is, not what it says.
 */
export function withoutPersonalData({ externalUser, message, ...feedback }: FeedbackView) {
  const { id, organizationId, externalId, createdAt, updatedAt } = externalUser;
  return {
    ...feedback,
    externalUser: { id, organizationId, externalId, createdAt, updatedAt, segments: [] as never[] },
    message: { externalId: message.externalId, role: message.role },
  };
}

export type PublicFeedbackView = ReturnType<typeof withoutPersonalData>;
