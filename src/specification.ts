import { readFileSync } from "node:fs";
import { parse } from "yaml";

/**
 * openapi.yaml, the contract, parsed: the HTTP layer builds its routes and checks from it, and the
 * import checks records against the same schemas as the API's requests (src/transfer/records.ts).
 */
export const specificationPath = new URL("../openapi.yaml", import.meta.url);

let parsed: unknown;

/**
 * Parsed once per process and frozen, so that every app built shares it safely (parsing takes ~0.2 s of
 * CPU, and tests build hundreds of apps); whoever needs to change it works on a copy.
 */
export function readSpecification(): unknown {
  parsed ??= deepFreeze(parse(readFileSync(specificationPath, "utf8")));
  return parsed;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
