import type { FastifyReply } from "fastify";
import type { ApiRequest, ResponseBody } from "../api/types.ts";
import { listAttributes, upsertAttribute } from "../attributes/attributes.ts";
import { organizationOf, type HandlerContext } from "./context.ts";

export function attributeHandlers({ prisma }: HandlerContext) {
  return {
    async upsertAttribute(request: ApiRequest<"upsertAttribute">, reply: FastifyReply): Promise<ResponseBody<"upsertAttribute", 201>> {
      const { attribute, created } = await upsertAttribute(prisma, organizationOf(request), request.body);
      reply.code(created ? 201 : 200);
      return attribute;
    },

    listAttributes(request: ApiRequest<"listAttributes">): Promise<ResponseBody<"listAttributes", 200>> {
      return listAttributes(prisma, organizationOf(request), request.query.projectId);
    },
  };
}
