import type { InitializedOrganization } from "../../src/organizations/organizations.ts";
import { uniqueId, type TestService } from "./app.ts";

export interface ThreadOptions {
  projectId?: number;
  externalId?: string;
  /** How many messages, with externalIds m1, m2, …; 2 unless told. */
  messages?: number;
  org?: InitializedOrganization;
}

/** Requests the feedback tests make over and over, on the service's own organization by default. */
export function feedbackFixtures({ org, call }: TestService) {
  return {
    /** A thread created through POST /api/external/threads, and the external ids it was given. */
    async thread({ projectId, externalId = uniqueId("thread"), messages = 2, org: owner = org }: ThreadOptions = {}) {
      const userExternalId = uniqueId("thread-user");
      const response = await call(owner.privateKey, {
        method: "POST",
        url: "/api/external/threads",
        payload: {
          externalId,
          externalUser: { externalId: userExternalId },
          ...(projectId === undefined ? {} : { projectId }),
          messages: Array.from({ length: messages }, (_, i) => ({ role: i % 2 ? "assistant" : "user", content: `message ${i + 1}`, externalId: `m${i + 1}` })),
        },
      });
      if (response.statusCode !== 201) throw new Error(`thread creation failed: ${response.statusCode} ${response.body}`);
      const thread = response.json() as { id: number; externalUser: { id: number }; messages: { id: number; externalId: string }[] };
      return { externalId, userExternalId, id: thread.id, userId: thread.externalUser.id, messages: thread.messages };
    },

    async attribute(name: string, options: string[], projectId?: number, owner: InitializedOrganization = org) {
      const response = await call(owner.privateKey, {
        method: "PUT",
        url: "/api/external/attributes",
        payload: { name, options, ...(projectId === undefined ? {} : { projectId }) },
      });
      if (response.statusCode >= 300) throw new Error(`attribute creation failed: ${response.statusCode} ${response.body}`);
      return response.json() as { id: number; name: string; options: { id: number; name: string }[] };
    },

    postFeedback: (body: unknown, key: string | null = org.publicKey) =>
      call(key, { method: "POST", url: "/api/external/feedback", payload: body as object }),
  };
}
