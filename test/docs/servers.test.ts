import t from "tap";
import { startService } from "../helpers/app.ts";

// /openapi.json and /docs are no operations of openapi.yaml: prism would answer them itself, so these stay on the app.
t.test("the served contract names its server relatively: Try it calls the service on whatever port it runs", async (t) => {
  const { app, org } = await startService(t);
  const origin = await app.listen({ port: 0, host: "127.0.0.1" });
  for (const documentPath of ["/openapi.json", "/docs/json"]) {
    const documentUrl = `${origin}${documentPath}`;
    const { servers } = (await (await fetch(documentUrl)).json()) as { servers: { url: string }[] };
    t.equal(servers.length, 1, documentPath);
    const serverUrl = new URL(servers[0]!.url, documentUrl);
    t.equal(serverUrl.origin, origin, `${documentPath}: the server is the one that served it`);
    const projects = await fetch(new URL("api/external/projects", serverUrl.href.endsWith("/") ? serverUrl : `${serverUrl.href}/`), {
      headers: { "api-key": org.privateKey },
    });
    t.equal(projects.status, 200, `${documentPath}: an operation called through it answers`);
  }
});
