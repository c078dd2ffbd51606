import { readFileSync } from "node:fs";
import { parse } from "yaml";

/**
 * openapi.yaml, the contract, parsed: the HTTP layer builds its routes and checks from it, and the
 * import checks records against the same schemas as the API's requests (src/transfer/records.ts).
 */
export const specificationPath = new URL("../openapi.yaml", import.meta.url);

export function readSpecification(): unknown {
  return parse(readFileSync(specificationPath, "utf8"));
}
