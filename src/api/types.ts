import type { FastifyReply, FastifyRequest } from "fastify";
import type { JsonText } from "../db/json.ts";
import type { operations } from "./schema.js";

/** An answer as JSON text PostgreSQL built (handlers name it here: they reach src/db only through the services). */
export type { JsonText };

/** The operations the service answers (openapi.yaml's paths): not the deliveries it sends (its webhooks, `receive…`). */
export type OperationId = Exclude<keyof operations, `receive${string}`>;

type JsonContent<T> = T extends { content: { "application/json": infer Body } } ? Body : never;

/** Responses are serialized from their schema, so a Date may stand where a date-time string is. */
type Serializable<T> = T extends string
  ? string | Date
  : T extends (infer Item)[]
    ? Serializable<Item>[]
    : T extends object
      ? { [Key in keyof T]: Serializable<T[Key]> }
      : T;

/**
 * Body fields allow null only where it means absent, and those nulls are removed before validation (with defaults
 * filled in after): handlers never see a null field.
 */
type NullMeansAbsent<T> = T extends (infer Item)[]
  ? NullMeansAbsent<Item>[]
  : T extends object
    ? { [Key in keyof T]: NullMeansAbsent<Exclude<T[Key], null>> }
    : T;

export type RequestBody<Op extends OperationId> = operations[Op] extends { requestBody?: infer Body }
  ? NullMeansAbsent<JsonContent<NonNullable<Body>>>
  : never;

type Query<Op extends OperationId> = NonNullable<operations[Op]["parameters"]["query"]>;

/**
 * The request of an operation, once validated. `Defaulted` names the query parameters that have a
 * `default` in openapi.yaml: validation fills them in, so they are always there, although
 * openapi-typescript types them as optional. Their values are written in openapi.yaml only.
 */
export type ApiRequest<Op extends OperationId, Defaulted extends keyof Query<Op> = never> = FastifyRequest<{
  Body: RequestBody<Op>;
  Querystring: Query<Op> & Required<Pick<Query<Op>, Defaulted>>;
  Params: NonNullable<operations[Op]["parameters"]["path"]>;
}>;

export type ResponseBody<Op extends OperationId, Status extends keyof operations[Op]["responses"]> = Serializable<
  JsonContent<operations[Op]["responses"][Status]>
>;

/**
 * A handler answers with one of its operation's response bodies, or with one as JSON text PostgreSQL built
 * (src/handlers/context.ts sendJsonText), or sends the reply itself and returns nothing. Declared as a
 * method so that its request parameter is checked bivariantly: a handler may take the narrower request
 * that names the defaulted query parameters (see ApiRequest).
 */
export type OperationHandler<Op extends OperationId> = {
  handle(
    request: ApiRequest<Op>,
    reply: FastifyReply,
  ): Promise<ResponseBody<Op, keyof operations[Op]["responses"]> | JsonText<ResponseBody<Op, keyof operations[Op]["responses"]>> | void>;
}["handle"];

/** One handler for every operationId of openapi.yaml, and nothing else. */
export type OperationHandlers = { [Op in OperationId]: OperationHandler<Op> };
