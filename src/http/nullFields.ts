/** A JSON Schema as openapi.yaml writes it, as far as finding nullable optional fields needs. */
export interface Schema {
  $ref?: string;
  type?: string | string[];
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
}

/**
 * Where a body may say "absent" with null: the optional properties whose schema allows null, at every depth of
 * the declared shape (free-form objects such as `metadata` are data, and their nulls are kept).
 */
export interface NullableFields {
  optional: string[];
  properties: Record<string, NullableFields>;
  items?: NullableFields;
}

/** Self-referencing schemas end here; the request bodies are far shallower. */
const MAX_DEPTH = 16;

function resolve(schema: Schema, schemas: Record<string, Schema>): Schema {
  const name = schema.$ref?.replace("#/components/schemas/", "");
  return name === undefined ? schema : resolve(schemas[name] ?? {}, schemas);
}

function variants(schema: Schema, schemas: Record<string, Schema>): Schema[] {
  const resolved = resolve(schema, schemas);
  const alternatives = resolved.anyOf ?? resolved.oneOf;
  return alternatives ? alternatives.flatMap((alternative) => variants(alternative, schemas)) : [resolved];
}

const allowsNull = (schema: Schema, schemas: Record<string, Schema>) =>
  variants(schema, schemas).some((variant) => variant.type === "null" || (Array.isArray(variant.type) && variant.type.includes("null")));

export function nullableFields(schema: Schema, schemas: Record<string, Schema>, depth = 0): NullableFields | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const fields: NullableFields = { optional: [], properties: {} };
  for (const variant of variants(schema, schemas)) {
    for (const [name, property] of Object.entries(variant.properties ?? {})) {
      if (!variant.required?.includes(name) && allowsNull(property, schemas)) fields.optional.push(name);
      const nested = nullableFields(property, schemas, depth + 1);
      if (nested) fields.properties[name] = nested;
    }
    if (variant.items) fields.items = nullableFields(variant.items, schemas, depth + 1) ?? fields.items;
  }
  const empty = fields.optional.length === 0 && Object.keys(fields.properties).length === 0 && !fields.items;
  return empty ? undefined : fields;
}

/** Removes the nulls that mean "absent" (in place), so that every later step sees the field left out. */
export function stripNulls(value: unknown, fields: NullableFields | undefined): void {
  if (!fields || value === null || typeof value !== "object") return;
  if (Array.isArray(value)) {
    for (const item of value) stripNulls(item, fields.items);
    return;
  }
  const object = value as Record<string, unknown>;
  for (const name of fields.optional) if (object[name] === null) delete object[name];
  for (const [name, nested] of Object.entries(fields.properties)) stripNulls(object[name], nested);
}
