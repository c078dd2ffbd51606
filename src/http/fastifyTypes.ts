import type { Principal } from "../keys/keys.ts";
import type { OperationContract } from "./contract.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    operation?: OperationContract;
  }
  interface FastifyRequest {
    /** The key's organization and kind; set on every operation that needs a key. */
    principal: Principal | null;
  }
}
