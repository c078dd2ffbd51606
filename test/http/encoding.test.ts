import t from "tap";
import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";
import { startService, uniqueId } from "../helpers/app.ts";

// Bodies of bytes that are not UTF-8, and declared charsets, stay in-process: prism would decode and re-encode them.
const service = await startService(t);
const { app, org } = service;
const { prisma } = service.database;

const putUser = (payload: Buffer | string, contentType = "application/json") =>
  app.inject({ method: "PUT", url: "/api/external/users", headers: { "api-key": org.privateKey, "content-type": contentType }, payload });
const jsonWithId = (idBytes: Buffer) => Buffer.concat([Buffer.from('{"externalId":"'), idBytes, Buffer.from('"}')]);
const usersNamed = (prefix: string) => prisma.externalUser.count({ where: { organizationId: org.organizationId, externalId: { startsWith: prefix } } });

t.test("bytes that are not UTF-8 are a 400 and store nothing", async (t) => {
  const prefix = uniqueId("bytes");
  for (const [label, bytes] of [
    ["\\xff\\xfe", Buffer.from([0xff, 0xfe])],
    ["an encoded surrogate (CESU-8)", Buffer.from([0xed, 0xa0, 0x80])],
    ["a truncated sequence", Buffer.from([0xe2, 0x82])],
    ["an overlong encoding", Buffer.from([0xc0, 0xaf])],
  ] as const) {
    const response = await putUser(jsonWithId(Buffer.concat([Buffer.from(prefix), bytes])));
    t.equal(response.statusCode, 400, label);
    t.same(response.json(), { error: "Request body is not valid UTF-8" }, label);
  }
  t.equal(await usersNamed(prefix), 0);
});

t.test("well-formed UTF-8 is stored exactly, with or without charset=utf-8", async (t) => {
  const externalId = `${uniqueId("café")}-😀`;
  t.equal((await putUser(jsonWithId(Buffer.from(externalId)))).statusCode, 201);
  t.equal((await putUser(JSON.stringify({ externalId }), "application/json; charset=UTF-8")).statusCode, 200);
  t.equal((await putUser(JSON.stringify({ externalId }), 'application/json;charset="utf-8"')).statusCode, 200);
  t.equal((await prisma.externalUser.findFirstOrThrow({ where: { organizationId: org.organizationId, externalId } })).externalId, externalId);
});

t.test("a declared charset other than UTF-8 is a 415 and stores nothing", async (t) => {
  const prefix = uniqueId("charset");
  for (const [charset, payload] of [
    ["latin1", Buffer.from(JSON.stringify({ externalId: `${prefix}-é` }), "latin1")],
    ["iso-8859-1", Buffer.from(JSON.stringify({ externalId: `${prefix}-é` }), "latin1")],
    ["utf-16", Buffer.from(JSON.stringify({ externalId: `${prefix}-x` }), "utf16le")],
    ["UTF-16LE", Buffer.from(JSON.stringify({ externalId: `${prefix}-x` }), "utf16le")],
  ] as const) {
    const response = await putUser(payload, `application/json; charset=${charset}`);
    t.equal(response.statusCode, 415, charset);
    t.match(response.json(), { error: new RegExp(`^Unsupported Media Type: charset '${charset.toLowerCase()}'; send JSON encoded as UTF-8$`) }, charset);
  }
  t.equal(await usersNamed(prefix), 0);
});

t.test("a declared charset is checked before anything else of the body", async (t) => {
  const response = await putUser(Buffer.from([0xff, 0xfe, 0x7b, 0x00]), "application/json; charset=utf-16");
  t.equal(response.statusCode, 415);
});

t.test("a body with a Content-Encoding other than identity is a 415, compressed or not, and stores nothing", async (t) => {
  const prefix = uniqueId("coded");
  const plain = JSON.stringify({ externalId: `${prefix}-plain` });
  for (const [coding, payload] of [
    ["gzip", gzipSync(JSON.stringify({ externalId: `${prefix}-gzip` }))],
    ["gzip", plain],
    ["br", brotliCompressSync(JSON.stringify({ externalId: `${prefix}-br` }))],
    ["br", plain],
    ["deflate", deflateSync(JSON.stringify({ externalId: `${prefix}-deflate` }))],
    ["x-unheard-of", plain],
    ["identity, gzip", plain],
  ] as const) {
    const response = await app.inject({
      method: "PUT",
      url: "/api/external/users",
      headers: { "api-key": org.privateKey, "content-type": "application/json", "content-encoding": coding },
      payload,
    });
    const named = coding.replace("identity, ", "");
    t.same([response.statusCode, response.json()], [415, { error: `Unsupported Media Type: Content-Encoding '${named}'; send the body uncompressed` }], coding);
  }
  t.equal(await usersNamed(prefix), 0);
});

t.test("Content-Encoding: identity is no encoding", async (t) => {
  const externalId = uniqueId("identity");
  const response = await app.inject({
    method: "PUT",
    url: "/api/external/users",
    headers: { "api-key": org.privateKey, "content-type": "application/json", "content-encoding": "identity" },
    payload: JSON.stringify({ externalId }),
  });
  t.equal(response.statusCode, 201);
  t.equal(await usersNamed(externalId), 1);
});
