// The statements of feedback tokens: the thread a token is minted for, and the organizations' signing secrets.
import type { FeedbackTokenSecret, Thread } from "../../generated/prisma/client.ts";
import { statement, type NoParams } from "../db/statement.ts";

type SecretRow = Pick<FeedbackTokenSecret, "id" | "organizationId" | "secret">;

/** `projectId` project (null: any): the thread, if the organization has it. */
export const TOKEN_THREAD_BY_ID = statement<{ organizationId: number; threadId: number; projectId: number | null }, { id: Thread["id"] }>(
  "token_thread_by_id",
  `SELECT t."id" FROM "Thread" t WHERE t."organizationId" = :organizationId AND t."id" = :threadId AND (:projectId::int IS NULL OR t."projectId" = :projectId)`,
);

/** `threadExternalId` externalId, `projectId` project (null: any): at most two threads, as feedback finds them (more than one is a conflict). */
export const TOKEN_THREAD_BY_EXTERNAL_ID = statement<{ organizationId: number; threadExternalId: string; projectId: number | null }, { id: Thread["id"] }>(
  "token_thread_by_external_id",
  `
    SELECT t."id" FROM "Thread" t
    WHERE t."organizationId" = :organizationId AND t."externalId" = :threadExternalId AND (:projectId::int IS NULL OR t."projectId" = :projectId)
    LIMIT 2`,
);

/** Its signing secret (no row: none yet). */
export const SIGNING_SECRET = statement<{ organizationId: number }, SecretRow>(
  "signing_secret",
  `SELECT "id", "organizationId", "secret" FROM "FeedbackTokenSecret" WHERE "organizationId" = :organizationId`,
);

/** Every organization's signing secret. */
export const SIGNING_SECRETS = statement<NoParams, SecretRow>(
  "signing_secrets",
  `SELECT "id", "organizationId", "secret" FROM "FeedbackTokenSecret"`,
);

/**
 * `secret` a new secret: the organization's secret, made with `secret` on first use (on the unique key,
 * so concurrent first uses make one). No row when another transaction made it after this statement's
 * snapshot: SIGNING_SECRET then finds it.
 */
export const FIRST_SIGNING_SECRET = statement<{ organizationId: number; secret: string }, SecretRow>("first_signing_secret", `
    WITH made AS (
      INSERT INTO "FeedbackTokenSecret" ("organizationId", "secret") VALUES (:organizationId, :secret)
      ON CONFLICT ("organizationId") DO NOTHING
      RETURNING "id", "organizationId", "secret"
    )
    SELECT * FROM made
    UNION ALL
    SELECT "id", "organizationId", "secret" FROM "FeedbackTokenSecret" WHERE "organizationId" = :organizationId
    LIMIT 1`);

/** Its secret is deleted, so that no token it signed verifies (ROTATED_SECRET makes the next). */
export const DELETE_SIGNING_SECRET = statement<{ organizationId: number }, never>(
  "delete_signing_secret",
  `DELETE FROM "FeedbackTokenSecret" WHERE "organizationId" = :organizationId`,
);

/** The channel a rotation is notified on, with the organization's id: every service on the database forgets its secret at once. */
export const SECRET_ROTATED_CHANNEL = "token_secret_rotated";

/** Sent on commit to the services LISTENing (src/services.ts): they forget the organization's cached secret. */
export const NOTIFY_SECRET_ROTATED = statement<{ organizationId: number }, never>(
  "notify_secret_rotated",
  `SELECT pg_notify('${SECRET_ROTATED_CHANNEL}', :organizationId::int::text)`,
);

/** `secret` the new secret, after DELETE_SIGNING_SECRET in the same transaction: a new row, a new key id. */
export const ROTATED_SECRET = statement<{ organizationId: number; secret: string }, SecretRow>(
  "rotated_secret",
  `INSERT INTO "FeedbackTokenSecret" ("organizationId", "secret") VALUES (:organizationId, :secret) RETURNING "id", "organizationId", "secret"`,
);
