import { ClientError } from "../errors.ts";

/** What a valid feedback token lets its holder do: vote as one user, on one thread (on the messages named, when some are). */
export interface TokenGrant {
  userExternalId: string;
  threadId: number;
  messageExternalIds?: string[];
}

export const OTHER_USER = "Forbidden - the token is for another user";
export const NOT_COVERED = "Forbidden - the token does not cover this message";

/**
 * The giver of a token's vote: the token's user, never another (an `externalUser` naming someone else is a
 * 403), and, as with a public key, nothing of it but its externalId.
 */
export function tokenGiver(grant: TokenGrant, externalUser: { externalId: string } | undefined): { externalId: string } {
  if (externalUser && externalUser.externalId !== grant.userExternalId) throw new ClientError(403, OTHER_USER);
  return { externalId: grant.userExternalId };
}

/** A 403 unless the message the vote landed on is in the token's thread, and among its messages when it names them. */
export function checkCovered(grant: TokenGrant, target: { threadId: number; messageExternalId: string | null }): void {
  const named = grant.messageExternalIds;
  const covered = target.threadId === grant.threadId && (!named || (target.messageExternalId !== null && named.includes(target.messageExternalId)));
  if (!covered) throw new ClientError(403, NOT_COVERED);
}
