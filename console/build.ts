// Bundles the console (console/src) into console/dist: run on every install (postinstall), so that
// `npm install && npm start` serves it and no build output is committed.
import { copyFile, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { basename } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

const root = fileURLToPath(new URL(".", import.meta.url));
const dist = `${root}dist`;

await rm(dist, { recursive: true, force: true });
await mkdir(`${dist}/assets`, { recursive: true });

const result = await build({
  entryPoints: { app: `${root}src/main.tsx` },
  outdir: `${dist}/assets`,
  entryNames: "[name]-[hash]",
  // The charts (Observable Plot and d3, most of the weight) load only when the Trends view opens.
  splitting: true,
  chunkNames: "chunk-[hash]",
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

const outputs = Object.entries(result.metafile.outputs);
const entry = outputs.find(([, output]) => output.entryPoint !== undefined);
const script = entry && basename(entry[0]);
const style = entry?.[1].cssBundle && basename(entry[1].cssBundle);
if (!script || !style) throw new Error(`console build: expected an entry script and its style sheet, got ${outputs.map(([path]) => path).join(", ")}`);

await copyFile(`${root}src/favicon.svg`, `${dist}/assets/favicon.svg`);
const template = await readFile(`${root}src/index.html`, "utf8");
await writeFile(`${dist}/index.html`, template.replace("%SCRIPT%", `/console/assets/${script}`).replace("%STYLE%", `/console/assets/${style}`));

// The page's weight before Trends' chunk loads: the entry and what it imports statically (target: under 60 KB gzipped).
const gzipped = async (path: string) => gzipSync(await readFile(path), { level: 9 }).length;
const statics = [entry![0], ...entry![1].imports.filter((item) => item.kind === "import-statement").map((item) => item.path)];
const initial = (await Promise.all(statics.map(gzipped))).reduce((sum, size) => sum + size, 0);
console.log(`console: ${(initial / 1024).toFixed(1)} KB of JS gzipped before the Trends chunk (${statics.map((path) => basename(path)).join(", ")})`);
