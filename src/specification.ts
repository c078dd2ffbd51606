import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { parse } from "yaml";

/**
 * openapi.yaml, the contract, parsed: the HTTP layer builds its routes and checks from it, and the
 * import checks records against the same schemas as the API's requests (src/transfer/records.ts).
 */
export const specificationPath = new URL("../openapi.yaml", import.meta.url);

/** openapi.yaml as JSON, with the SHA-256 of the text it was made from; `npm run generate` writes it. */
const specificationJsonPath = new URL("../generated/openapi.json", import.meta.url);

interface SpecificationJson {
  sha256: string;
  document: unknown;
}

let parsed: unknown;

/**
 * Parsed once per process and frozen, so that every app built shares it safely; whoever needs to
 * change it works on a copy.
 */
export function readSpecification(): unknown {
  parsed ??= deepFreeze(parseSpecification(readFileSync(specificationPath, "utf8")));
  return parsed;
}

/**
 * From the JSON copy when it was made from this very text (JSON.parse takes milliseconds where the
 * YAML parser takes ~0.3 s of CPU, in every test process), else from the YAML.
 */
export function parseSpecification(text: string): unknown {
  const copy = readJsonCopy();
  return copy?.sha256 === sha256(text) ? copy.document : parse(text);
}

/** Absent or unreadable, the copy is only a missed shortcut: the YAML is the contract. */
function readJsonCopy(): SpecificationJson | undefined {
  try {
    return JSON.parse(readFileSync(specificationJsonPath, "utf8")) as SpecificationJson;
  } catch {
    return undefined;
  }
}

/** Writes the JSON copy of openapi.yaml (through a temporary file, so that a process starting meanwhile never reads half of it). */
export function writeSpecificationJson(): void {
  const text = readFileSync(specificationPath, "utf8");
  const copy: SpecificationJson = { sha256: sha256(text), document: parse(text) };
  mkdirSync(new URL(".", specificationJsonPath), { recursive: true });
  const temporary = new URL(`openapi.${process.pid}.json`, specificationJsonPath);
  writeFileSync(temporary, JSON.stringify(copy));
  renameSync(temporary, specificationJsonPath);
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
