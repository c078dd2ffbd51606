import t from "tap";
import { startService } from "../helpers/app.ts";
import { FORBIDDEN, UNAUTHORIZED } from "../helpers/contract.ts";
import { queryString, type RawQuery } from "../fixtures/threadListing.ts";

const service = await startService(t);
const { org, call } = service;

const PATHS = ["/api/external/feedback", "/api/external/feedback/stats", "/api/external/intents", "/api/external/segments"];
const get = (path: string, query: RawQuery, key: string | null = org.privateKey) => call(key, { method: "GET", url: `${path}${queryString(query)}` });

for (const path of PATHS) {
  t.test(`${path}: private key only, checked before the parameters`, async (t) => {
    const missing = await get(path, {}, null);
    t.equal(missing.statusCode, 401);
    t.same(missing.json(), UNAUTHORIZED);
    t.equal((await get(path, {}, "sk_not-a-key")).statusCode, 401);
    const viaPublic = await get(path, {}, org.publicKey);
    t.equal(viaPublic.statusCode, 403);
    t.same(viaPublic.json(), FORBIDDEN);
    t.equal((await get(path, { pageSize: "0", projectId: "x" }, null)).statusCode, 401, "no key: 401 even with bad parameters");
    t.equal((await get(path, {})).statusCode, 200, "the private key is accepted");
  });
}

/** Invalid for both the listing and the statistics: [parameter named in the error, query]. */
const invalidFilters: [string, Record<string, string | string[]>][] = [
  ["projectId", { projectId: "default" }],
  ["projectId", { projectId: "0" }],
  ["projectId", { projectId: "2147483648" }],
  ["threadIds", { threadIds: "abc" }],
  ["threadIds", { threadIds: "1,x" }],
  ["threadIds", { threadIds: ["1", "1.5"] }],
  ["threadIds", { threadIds: "-1" }],
  ["threadIds", { threadIds: Array.from({ length: 1001 }, (_, i) => String(i + 1)).join(",") }],
  ["externalUserIds", { externalUserIds: "x".repeat(256) }],
  ["feedbackType", { feedbackType: "positive" }],
  ["feedbackType", { feedbackType: "NEUTRAL" }],
  ["attributeOptionIds", { attributeOptionIds: "outdated" }],
  ["attributeOptionIds", { attributeOptionIds: "0" }],
  ["search", { search: "x".repeat(256) }],
  ["before", { before: "yesterday" }],
  ["before", { before: "2024-01-01" }],
  ["after", { after: "2024-13-01T00:00:00Z" }],
  ["after", { after: "2024-01-01T00:00:00" }],
];

const invalid: [string, string, Record<string, string | string[]>][] = [
  ...invalidFilters.map(([name, query]): [string, string, Record<string, string | string[]>] => ["/api/external/feedback", name, query]),
  ...invalidFilters.map(([name, query]): [string, string, Record<string, string | string[]>] => ["/api/external/feedback/stats", name, query]),
  ["/api/external/feedback", "pageSize", { pageSize: "0" }],
  ["/api/external/feedback", "pageSize", { pageSize: "201" }],
  ["/api/external/feedback", "pageSize", { pageSize: "ten" }],
  ["/api/external/feedback", "pageIndex", { pageIndex: "-1" }],
  ["/api/external/feedback", "pageIndex", { pageIndex: "1.5" }],
  ["/api/external/feedback/stats", "groupBy", { groupBy: "year" }],
  ["/api/external/feedback/stats", "groupBy", { groupBy: "Week" }],
  ["/api/external/feedback/stats", "groupBy", { groupBy: ["week", "day"] }],
  ["/api/external/intents", "projectId", { projectId: "default" }],
  ["/api/external/intents", "projectId", { projectId: "-1" }],
];

for (const [path, parameter, query] of invalid) {
  t.test(`${path}: 400 naming ${parameter} for ${JSON.stringify(query).slice(0, 50)}`, async (t) => {
    const response = await get(path, query);
    t.equal(response.statusCode, 400);
    const body = response.json();
    t.type(body.error, "string");
    t.match(body.error, new RegExp(`\\b${parameter}\\b`), body.error);
  });
}

t.test("edge values that are valid", async (t) => {
  const valid: [string, RawQuery][] = [
    ["/api/external/feedback", { pageSize: 1 }],
    ["/api/external/feedback", { pageSize: 200, pageIndex: 1000000 }],
    ["/api/external/feedback", { threadIds: Array.from({ length: 1000 }, (_, i) => i + 1).join(",") }],
    ["/api/external/feedback", { search: "x".repeat(255), projectId: 2147483647 }],
    ["/api/external/feedback/stats", { groupBy: "attributeOption", feedbackType: "NEGATIVE" }],
    ["/api/external/feedback/stats", { before: "2024-01-01T00:00:00.123+05:30" }],
    ["/api/external/intents", { projectId: 2147483647 }],
  ];
  for (const [path, query] of valid) {
    const response = await get(path, query);
    t.equal(response.statusCode, 200, `${path} ${JSON.stringify(query).slice(0, 60)}`);
  }
});
