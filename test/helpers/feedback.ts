import type { components } from "../../client/src/index.ts";
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
export function feedbackFixtures({ org, api, call }: TestService) {
  return {
    /** A thread created through POST /api/external/threads, and the external ids it was given. */
    async thread({ projectId, externalId = uniqueId("thread"), messages = 2, org: owner = org }: ThreadOptions = {}) {
      const userExternalId = uniqueId("thread-user");
      const { data: thread, response } = await api(owner.privateKey).POST("/api/external/threads", {
        body: {
          externalId,
          externalUser: { externalId: userExternalId },
          projectId,
          messages: Array.from({ length: messages }, (_, i) => ({ role: i % 2 ? ("assistant" as const) : ("user" as const), content: `message ${i + 1}`, externalId: `m${i + 1}` })),
        },
      });
      if (response.status !== 201 || !thread) throw new Error(`thread creation failed: ${response.status}`);
      return { externalId, userExternalId, id: thread.id, userId: thread.externalUser.id, messages: thread.messages };
    },

    async attribute(name: string, options: string[], projectId?: number, owner: InitializedOrganization = org) {
      const { data, response } = await api(owner.privateKey).PUT("/api/external/attributes", { body: { name, options, projectId } });
      if (!data) throw new Error(`attribute creation failed: ${response.status}`);
      return data;
    },

    postFeedback: (body: components["schemas"]["FeedbackRequest"], key = org.publicKey) => api(key).POST("/api/external/feedback", { body }),

    /** For bodies and keys that break the contract on purpose. */
    postInvalidFeedback: (body: unknown, key: string | null = org.publicKey) =>
      call(key, { method: "POST", url: "/api/external/feedback", payload: body as object }),
  };
}
