import { readdirSync } from "node:fs";
import { dirname, join, normalize } from "node:path";

/** One import of a source file: the importing file and what it imports, both relative to the repository. */
export interface Edge {
  /** The importing file, relative to the repository (src/…). */
  from: string;
  /** A file relative to the repository (src/…, generated/…) or a package name (fastify, @prisma/client). */
  to: string;
}

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g;

function packageName(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
}

/** The imports of one source file (static, re-exports and dynamic), resolved. */
export function importsOf(file: string, source: string): Edge[] {
  return [...source.matchAll(SPECIFIER)].map(([, specifier]) => ({
    from: file,
    to: specifier!.startsWith(".") ? normalize(join(dirname(file), specifier!)).replace(/\.js$/, ".ts") : packageName(specifier!),
  }));
}

/** Whether an import reaches a database: src/db, the Prisma client, or a driver. */
export const isDatabaseAccess = (to: string) =>
  to.startsWith("src/db/") || to.startsWith("generated/prisma/") || to.startsWith("@prisma/") || to === "pg" || to.startsWith("@electric-sql/");

/** The TypeScript files under a folder of the repository (not declaration files), relative to it. */
export function sourceFiles(root: string, folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(root, path);
    return /\.ts$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}
