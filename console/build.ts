// Bundles the console (console/src) into console/dist: run on every install (postinstall), so that
// `npm install && npm start` serves it and no build output is committed.
import { copyFile, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { basename } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL(".", import.meta.url));
const dist = `${root}dist`;

await rm(dist, { recursive: true, force: true });
await mkdir(`${dist}/assets`, { recursive: true });

const result = await build({
  entryPoints: { app: `${root}src/main.tsx` },
  outdir: `${dist}/assets`,
  entryNames: "[name]-[hash]",
  bundle: true,
  minify: true,
  format: "esm",
  target: "es2022",
  platform: "browser",
  jsx: "automatic",
  jsxImportSource: "preact",
  legalComments: "linked",
  metafile: true,
  logLevel: "warning",
});

const outputs = Object.keys(result.metafile.outputs).map((path) => basename(path));
const script = outputs.find((name) => name.endsWith(".js"));
const style = outputs.find((name) => name.endsWith(".css"));
if (!script || !style) throw new Error(`console build: expected a .js and a .css output, got ${outputs.join(", ")}`);

await copyFile(`${root}src/favicon.svg`, `${dist}/assets/favicon.svg`);
const template = await readFile(`${root}src/index.html`, "utf8");
await writeFile(`${dist}/index.html`, template.replace("%SCRIPT%", `/console/assets/${script}`).replace("%STYLE%", `/console/assets/${style}`));
