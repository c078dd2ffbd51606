import { readFileSync } from "node:fs";
import t from "tap";

const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
const client = JSON.parse(readFileSync(new URL("../../client/package.json", import.meta.url), "utf8")) as { name: string; version: string };

/** The lines of the README's shell code blocks: what a reader pastes. */
const shellLines = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((block) => block[1]!.split("\n"));

t.test("no shell example pipes by accident: alternatives are separate examples", async (t) => {
  const piped = shellLines.filter((line) => /--\w+ [\w-]+\|[\w-]+/.test(line));
  t.same(piped, [], "an option value written as a|b would run a pipe");
  t.ok(shellLines.some((line) => /keys create .*--kind private\b/.test(line)));
  t.ok(shellLines.some((line) => /keys create .*--kind public\b/.test(line)));
});

t.test("what a public key gets where it is not accepted", async (t) => {
  t.match(readme, /memory lookup a public key is the same\s+`401 \{"error":"Unauthorized - Invalid or missing API key"\}`/);
  t.match(readme, /every other\s+operation it is `403 \{"error":"Forbidden - this operation requires a private API key"\}`/);
  t.notMatch(readme, /elsewhere they get a 403/);
});

t.test("how to install the typed client from another project names the tarball npm pack writes", async (t) => {
  const tarball = `${client.name.replace("@", "").replace("/", "-")}-${client.version}.tgz`;
  t.ok(shellLines.some((line) => line.startsWith("npm pack ./client")));
  t.ok(shellLines.some((line) => line.startsWith(`npm install /tmp/${tarball}`)), tarball);
});
