import type { FastifyReply } from "fastify";
import type { ApiRequest, OperationHandlers, ResponseBody } from "../api/types.ts";
import type { Services } from "../services.ts";
import { organizationOf } from "./context.ts";

export function userHandlers({ users }: Services) {
  return {
    async upsertUser(request: ApiRequest<"upsertUser">, reply: FastifyReply): Promise<ResponseBody<"upsertUser", 200>> {
      const { user, created } = await users.upsert(organizationOf(request), request.body);
      reply.code(created ? 201 : 200);
      return user;
    },

    async deleteUser(request: ApiRequest<"deleteUser">, reply: FastifyReply): Promise<void> {
      await users.delete(organizationOf(request), request.params.externalId);
      reply.code(204).send();
    },
  } satisfies Partial<OperationHandlers>;
}
