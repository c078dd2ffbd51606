import { createRequire } from "node:module";
import t from "tap";
import { startService, uniqueId } from "../helpers/app.ts";

// decisions.md, "Bounded in bytes": no error of the database driver, whatever the data, ends the
// process. pg makes strings of what the server sends inside its socket's data handler, where a
// throw escapes every promise: here its reader refuses values over 1 MB as V8 refuses those over
// 512 MB (ERR_STRING_TOO_LONG), so that a 1.5 MB message stands for a 600 MB one.
const require = createRequire(import.meta.url);
const { BufferReader } = require("pg-protocol/dist/buffer-reader.js") as {
  BufferReader: { prototype: { string(this: unknown, length: number): string } };
};
const LONGEST_STRING = 1_000_000;
const string = BufferReader.prototype.string;

function refusingLongStrings(): () => void {
  BufferReader.prototype.string = function (length) {
    if (length > LONGEST_STRING) {
      throw Object.assign(new Error("Cannot create a string longer than 0x1fffffe8 characters"), { code: "ERR_STRING_TOO_LONG" });
    }
    return string.call(this, length);
  };
  return () => {
    BufferReader.prototype.string = string;
  };
}

const onPglite = !process.env.DATABASE_URL && "PGlite parses a reply inside its query's promise: nothing can escape it";

t.test("a reply the driver cannot parse is a 500 for that request, and the service goes on", { skip: onPglite }, async (t) => {
  const { org, api, app, database } = await startService(t);
  const externalUser = { externalId: uniqueId("user") };
  const created = await api(org.privateKey).POST("/api/external/threads", {
    body: { externalUser, messages: [{ role: "user", content: "x".repeat(1_500_000) }] },
  });
  const threadId = created.data!.id;
  const messageId = created.data!.messages[0]!.id;
  const message = () => api(org.privateKey).GET("/api/external/threads/{threadId}/messages/{messageId}", { params: { path: { threadId, messageId } } });
  let uncaught: unknown;
  const onUncaught = (error: unknown) => {
    uncaught = error;
  };
  process.prependListener("uncaughtException", onUncaught);
  const restore = refusingLongStrings();
  t.teardown(() => {
    restore();
    process.removeListener("uncaughtException", onUncaught);
  });
  for (let attempt = 0; attempt < 6; attempt++) {
    const failed = await message();
    t.equal(failed.response.status, 500, `attempt ${attempt}: 500`);
    t.same(failed.error, { error: "Internal server error" });
    const listed = await api(org.privateKey).GET("/api/external/threads", { params: { query: { ids: [threadId] } } });
    t.equal(listed.response.status, 200, "the next request on the pool works");
  }
  t.equal(uncaught, undefined, "nothing escaped to the process");
  t.equal((await app.inject({ method: "GET", url: "/ready" })).statusCode, 200);
  t.ok(database.poolStats!().inUse === 0, "every connection was given back or dropped");
  restore();
  const whole = await message();
  t.equal(whole.response.status, 200);
  t.equal(whole.data!.content.length, 1_500_000);
});
