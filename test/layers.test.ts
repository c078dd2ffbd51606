import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import t from "tap";
import { importsOf, isDatabaseAccess, sourceFiles, type Edge } from "./helpers/imports.ts";

// The import rules of the README's "Architecture" section, read from the import statements of src/.

const root = fileURLToPath(new URL("../", import.meta.url));

const DOMAIN_FOLDERS = ["alerts", "attributes", "feedback", "keys", "memory", "organizations", "projects", "summarizer", "threads", "tokens", "transfer", "users", "webhooks"];
const DOMAIN_FILES = ["src/errors.ts", "src/limits.ts", "src/specification.ts", "src/timestamp.ts"];

const isDomain = (file: string) => DOMAIN_FOLDERS.some((folder) => file.startsWith(`src/${folder}/`)) || DOMAIN_FILES.includes(file);
const isFastify = (to: string) => to === "fastify" || to.startsWith("@fastify/") || to.startsWith("fastify-");
const isHttp = (to: string) => to.startsWith("src/http/") || to.startsWith("src/handlers/") || to.startsWith("src/api/") || to.startsWith("src/console/") || to.startsWith("src/widget/");

/** Each rule: which importing files it covers, and which imports it forbids them, in the README's words. */
const RULES: { name: string; covers(file: string): boolean; forbids(to: string): boolean }[] = [
  {
    name: "a handler reaches the database only through the services",
    covers: (file) => file.startsWith("src/handlers/"),
    forbids: isDatabaseAccess,
  },
  {
    name: "a domain module knows nothing of HTTP: no Fastify, no src/api types, no handler or plugin",
    covers: isDomain,
    forbids: (to) => isFastify(to) || isHttp(to) || to === "src/services.ts" || to === "src/app.ts" || to === "src/server.ts",
  },
  {
    name: "the services know nothing of HTTP",
    covers: (file) => file === "src/services.ts",
    forbids: (to) => isFastify(to) || isHttp(to),
  },
  {
    name: "src/db imports nothing of the service above it (only src/config.ts, which imports nothing)",
    covers: (file) => file.startsWith("src/db/"),
    forbids: (to) => to.startsWith("src/") && !to.startsWith("src/db/") && to !== "src/config.ts",
  },
  {
    name: "src/config.ts imports nothing of the service",
    covers: (file) => file === "src/config.ts",
    forbids: (to) => to.startsWith("src/"),
  },
];

function violations(edges: Edge[]): string[] {
  return edges.flatMap(({ from, to }) =>
    RULES.filter((rule) => rule.covers(from) && rule.forbids(to)).map((rule) => `${from} imports ${to}: ${rule.name}`),
  );
}

const edges = sourceFiles(root, "src").flatMap((file) => importsOf(file, readFileSync(join(root, file), "utf8")));

t.test("src/ keeps the import rules of its layers", async (t) => {
  t.ok(edges.length > 100, `read ${edges.length} imports`);
  t.same(violations(edges), []);
});

t.test("each rule catches what it forbids", async (t) => {
  const bad: Edge[] = [
    { from: "src/handlers/users.ts", to: "src/db/types.ts" },
    { from: "src/handlers/users.ts", to: "generated/prisma/client.ts" },
    { from: "src/handlers/users.ts", to: "@prisma/client" },
    { from: "src/threads/listing.ts", to: "fastify" },
    { from: "src/feedback/stats.ts", to: "src/api/schema.ts" },
    { from: "src/errors.ts", to: "src/http/contract.ts" },
    { from: "src/services.ts", to: "fastify" },
    { from: "src/db/types.ts", to: "src/threads/views.ts" },
    { from: "src/db/database.ts", to: "src/services.ts" },
    { from: "src/config.ts", to: "src/db/database.ts" },
  ];
  t.equal(violations(bad).length, bad.length, violations(bad).join("\n"));
  const fine: Edge[] = [
    { from: "src/handlers/users.ts", to: "src/services.ts" },
    { from: "src/threads/listing.ts", to: "src/db/types.ts" },
    { from: "src/db/database.ts", to: "src/config.ts" },
    { from: "src/http/metrics.ts", to: "src/db/database.ts" },
  ];
  t.same(violations(fine), []);
  t.same(
    importsOf("src/handlers/x.ts", `import type { A } from "../db/types.ts";\nexport { b } from "./b.js";\nconst c = await import("fastify");`),
    [
      { from: "src/handlers/x.ts", to: "src/db/types.ts" },
      { from: "src/handlers/x.ts", to: "src/handlers/b.ts" },
      { from: "src/handlers/x.ts", to: "fastify" },
    ],
  );
});

t.test("the layers are the folders of src/: every file belongs to one the README names", async (t) => {
  const known = (file: string) =>
    isDomain(file) ||
    isHttp(file) ||
    file.startsWith("src/db/") ||
    file.startsWith("src/lifecycle/") ||
    ["src/app.ts", "src/server.ts", "src/services.ts", "src/config.ts", "src/exitCodes.ts"].includes(file);
  t.same(
    sourceFiles(root, "src").filter((file) => !known(file)),
    [],
    "a new folder belongs in DOMAIN_FOLDERS or among the HTTP folders, and in the README's picture",
  );
});
