import { Prisma } from "../../generated/prisma/client.ts";
import { externalUserJson as externalUserJsonText, segmentJson as segmentJsonText } from "../db/statements.ts";

/** SQL building the Segment object (2.3) of `Segment s` with its type `SegmentType st`. */
export const segmentJson = Prisma.raw(segmentJsonText);

/** SQL building the ExternalUser object of `ExternalUser u` with its segments (ordered by type). */
export const externalUserJson = Prisma.raw(externalUserJsonText);
