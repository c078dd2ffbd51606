import type { FastifyReply } from "fastify";
import type { ApiRequest, OperationHandlers, ResponseBody } from "../api/types.ts";
import type { Services } from "../services.ts";
import { organizationOf } from "./context.ts";

export function attributeHandlers({ attributes }: Services) {
  return {
    async upsertAttribute(request: ApiRequest<"upsertAttribute">, reply: FastifyReply): Promise<ResponseBody<"upsertAttribute", 201>> {
      const { attribute, created } = await attributes.upsert(organizationOf(request), request.body);
      reply.code(created ? 201 : 200);
      return attribute;
    },

    listAttributes(request: ApiRequest<"listAttributes">): Promise<ResponseBody<"listAttributes", 200>> {
      return attributes.list(organizationOf(request), request.query.projectId);
    },
  } satisfies Partial<OperationHandlers>;
}
