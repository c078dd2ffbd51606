import type { FastifyReply, FastifyRequest } from "fastify";
import type { operations } from "./schema.js";

export type OperationId = keyof operations;

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

export type ApiRequest<Op extends OperationId> = FastifyRequest<{
  Body: RequestBody<Op>;
  Querystring: NonNullable<operations[Op]["parameters"]["query"]>;
  Params: NonNullable<operations[Op]["parameters"]["path"]>;
}>;

export type ResponseBody<Op extends OperationId, Status extends keyof operations[Op]["responses"]> = Serializable<
  JsonContent<operations[Op]["responses"][Status]>
>;

export type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
