// Bundles the <feedback-buttons> element (widget/src) into widget/dist: run on every install (postinstall),
// like the console, so that no build output is committed. feedback.js is the URL hosts copy (short cache);
// feedback.<hash>.js the versioned one (cached for good).
import { createHash } from "node:crypto";
import { copyFile, mkdir, rm, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

/** The budget of decisions.md: the widget weighs under 10 KB gzipped. */
const WIDGET_GZIP_BUDGET_BYTES = 10 * 1024;

const root = fileURLToPath(new URL(".", import.meta.url));
const dist = `${root}dist`;

const options = {
  bundle: true,
  minify: true,
  format: "esm",
  target: "es2022",
  platform: "browser",
  legalComments: "none",
  write: false,
  logLevel: "warning",
} as const;
const bundle = async (entry: string) => (await build({ ...options, entryPoints: [entry] })).outputFiles[0]!.contents;

const code = await bundle(`${root}src/feedback-buttons.ts`);
const hash = createHash("sha256").update(code).digest("hex").slice(0, 12);
const gzipped = gzipSync(code, { level: 9 }).length;
if (gzipped >= WIDGET_GZIP_BUDGET_BYTES) throw new Error(`widget build: ${gzipped} bytes gzipped, over the ${WIDGET_GZIP_BUDGET_BYTES}-byte budget`);

await rm(dist, { recursive: true, force: true });
await mkdir(dist, { recursive: true });
await writeFile(`${dist}/feedback.js`, code);
await writeFile(`${dist}/feedback.${hash}.js`, code);
// The demo page of GET /widget/demo (served when the console is).
await writeFile(`${dist}/demo.js`, await bundle(`${root}demo/demo.ts`));
await copyFile(`${root}demo/demo.html`, `${dist}/demo.html`);
await copyFile(`${root}demo/demo.css`, `${dist}/demo.css`);
console.log(`widget: feedback.${hash}.js, ${code.length} bytes, ${gzipped} bytes gzipped`);
