import type { FastifyReply } from "fastify";
import type { ApiRequest, ResponseBody } from "../api/types.ts";
import { notFound } from "../errors.ts";
import { deleteUser, upsertUser } from "../users/users.ts";
import { organizationOf, type HandlerContext } from "./context.ts";

export function userHandlers({ database, prisma }: HandlerContext) {
  return {
    async upsertUser(request: ApiRequest<"upsertUser">, reply: FastifyReply): Promise<ResponseBody<"upsertUser", 200>> {
      const { user, created } = await upsertUser(database, organizationOf(request), request.body);
      reply.code(created ? 201 : 200);
      return user;
    },

    async deleteUser(request: ApiRequest<"deleteUser">, reply: FastifyReply): Promise<void> {
      if (!(await deleteUser(prisma, organizationOf(request), request.params.externalId))) throw notFound("User not found");
      reply.code(204).send();
    },
  };
}
