import type { Prisma } from "../../generated/prisma/client.ts";
import type { DriverQueries } from "./driver.ts";
import { valuesOf } from "./statement.ts";

/** A Prisma transaction seen as the driver's queries, for a statement of a domain's sql.ts inside a Prisma transaction. */
export const prismaQueries = (tx: Prisma.TransactionClient): DriverQueries => ({
  rows: (statement, params) => tx.$queryRawUnsafe(statement.text, ...valuesOf(statement, params)),
});
