// The statements of feedback tokens: the thread a token is minted for, and the organizations' signing secrets.
import type { FeedbackTokenSecret, Thread } from "../../generated/prisma/client.ts";
import type { Statement } from "../db/driver.ts";

type SecretRow = Pick<FeedbackTokenSecret, "id" | "organizationId" | "secret">;

/** $1 organization, $2 thread id, $3 project (null: any): the thread, if the organization has it. */
export const TOKEN_THREAD_BY_ID: Statement<{ id: Thread["id"] }> = {
  name: "token_thread_by_id",
  text: `SELECT t."id" FROM "Thread" t WHERE t."organizationId" = $1 AND t."id" = $2 AND ($3::int IS NULL OR t."projectId" = $3)`,
};

/** $1 organization, $2 externalId, $3 project (null: any): at most two threads, as feedback finds them (more than one is a conflict). */
export const TOKEN_THREAD_BY_EXTERNAL_ID: Statement<{ id: Thread["id"] }> = {
  name: "token_thread_by_external_id",
  text: `
    SELECT t."id" FROM "Thread" t
    WHERE t."organizationId" = $1 AND t."externalId" = $2 AND ($3::int IS NULL OR t."projectId" = $3)
    LIMIT 2`,
};

/** $1 organization: its signing secret (no row: none yet). */
export const SIGNING_SECRET: Statement<SecretRow> = {
  name: "signing_secret",
  text: `SELECT "id", "organizationId", "secret" FROM "FeedbackTokenSecret" WHERE "organizationId" = $1`,
};

/** Every organization's signing secret. */
export const SIGNING_SECRETS: Statement<SecretRow> = {
  name: "signing_secrets",
  text: `SELECT "id", "organizationId", "secret" FROM "FeedbackTokenSecret"`,
};

/**
 * $1 organization, $2 a new secret: the organization's secret, made with $2 on first use (on the unique key,
 * so concurrent first uses make one). No row when another transaction made it after this statement's
 * snapshot: SIGNING_SECRET then finds it.
 */
export const FIRST_SIGNING_SECRET: Statement<SecretRow> = {
  name: "first_signing_secret",
  text: `
    WITH made AS (
      INSERT INTO "FeedbackTokenSecret" ("organizationId", "secret") VALUES ($1, $2)
      ON CONFLICT ("organizationId") DO NOTHING
      RETURNING "id", "organizationId", "secret"
    )
    SELECT * FROM made
    UNION ALL
    SELECT "id", "organizationId", "secret" FROM "FeedbackTokenSecret" WHERE "organizationId" = $1
    LIMIT 1`,
};

/** $1 organization: its secret is deleted, so that no token it signed verifies (ROTATED_SECRET makes the next). */
export const DELETE_SIGNING_SECRET: Statement<never> = {
  name: "delete_signing_secret",
  text: `DELETE FROM "FeedbackTokenSecret" WHERE "organizationId" = $1`,
};

/** $1 organization, $2 the new secret, after DELETE_SIGNING_SECRET in the same transaction: a new row, a new key id. */
export const ROTATED_SECRET: Statement<SecretRow> = {
  name: "rotated_secret",
  text: `INSERT INTO "FeedbackTokenSecret" ("organizationId", "secret") VALUES ($1, $2) RETURNING "id", "organizationId", "secret"`,
};
