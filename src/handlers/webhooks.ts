import type { FastifyReply } from "fastify";
import type { ApiRequest, OperationHandlers, ResponseBody } from "../api/types.ts";
import type { Services } from "../services.ts";
import { organizationOf } from "./context.ts";

export function webhookHandlers({ webhooks, alerts }: Services) {
  return {
    async createWebhook(request: ApiRequest<"createWebhook">, reply: FastifyReply): Promise<ResponseBody<"createWebhook", 201>> {
      const webhook = await webhooks.create(organizationOf(request), request.body);
      reply.code(201);
      return webhook;
    },

    listWebhooks(request: ApiRequest<"listWebhooks">): Promise<ResponseBody<"listWebhooks", 200>> {
      return webhooks.list(organizationOf(request));
    },

    async deleteWebhook(request: ApiRequest<"deleteWebhook">, reply: FastifyReply): Promise<void> {
      await webhooks.delete(organizationOf(request), request.params.id);
      reply.code(204).send();
    },

    async testWebhook(request: ApiRequest<"testWebhook">, reply: FastifyReply): Promise<ResponseBody<"testWebhook", 202>> {
      const queued = await webhooks.test(organizationOf(request), request.params.id);
      reply.code(202);
      return queued;
    },

    listWebhookDeliveries(request: ApiRequest<"listWebhookDeliveries">): Promise<ResponseBody<"listWebhookDeliveries", 200>> {
      return webhooks.deliveries(organizationOf(request), request.params.id) as Promise<ResponseBody<"listWebhookDeliveries", 200>>;
    },

    async createAlert(request: ApiRequest<"createAlert">, reply: FastifyReply): Promise<ResponseBody<"createAlert", 201>> {
      const alert = await alerts.create(organizationOf(request), request.body);
      reply.code(201);
      return alert as ResponseBody<"createAlert", 201>;
    },

    listAlerts(request: ApiRequest<"listAlerts">): Promise<ResponseBody<"listAlerts", 200>> {
      return alerts.list(organizationOf(request)) as Promise<ResponseBody<"listAlerts", 200>>;
    },

    async deleteAlert(request: ApiRequest<"deleteAlert">, reply: FastifyReply): Promise<void> {
      await alerts.delete(organizationOf(request), request.params.id);
      reply.code(204).send();
    },
  } satisfies Partial<OperationHandlers>;
}
