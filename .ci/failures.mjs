// Prints the failed tests of a TAP log (tap --reporter=tap), each as its path of subtests and the first lines of
// its diagnostics, so that the end of CI's output, which is all that may be kept of it, says what failed.
import { readFileSync } from "node:fs";

const [logFile, suite] = process.argv.slice(2);
const lines = readFileSync(logFile, "utf8").split("\n");
const MAX_FAILURES = 20;
const DIAGNOSTIC_LINES = 8;

const path = []; // the subtest names open at each depth
const printedBefore = []; // how many failures were printed when each open subtest began
let printed = 0;

for (let i = 0; i < lines.length && printed < MAX_FAILURES; i++) {
  const line = lines[i];
  const depth = (line.length - line.trimStart().length) / 4;
  const subtest = line.match(/^\s*# Subtest: (.*)$/);
  if (subtest) {
    path.length = depth;
    path[depth] = subtest[1];
    printedBefore[depth] = printed;
    continue;
  }
  const failure = line.match(/^\s*not ok \d+ - (.*?)(?: # time=.*)?$/);
  if (!failure) continue;
  // A subtest's own "not ok" repeats what failed inside it; it is printed only when nothing inside was.
  if (path.length > depth && failure[1] === path[depth] && printed > printedBefore[depth]) continue;
  const names = [...path.slice(0, depth), failure[1]];
  console.log(`not ok (${suite}): ${names.join(" > ")}`);
  const diagnostics = [];
  if (lines[i + 1]?.trim() === "---") {
    const keyIndent = lines[i + 2].length - lines[i + 2].trimStart().length;
    let skipping = false;
    for (let j = i + 2; j < lines.length && lines[j].trim() !== "..." && diagnostics.length < DIAGNOSTIC_LINES; j++) {
      const indent = lines[j].length - lines[j].trimStart().length;
      // Where it failed is in the test's name; what was found and wanted is what says why.
      if (indent === keyIndent) skipping = /^(?:at|stack|source|compare):/.test(lines[j].trim());
      if (!skipping) diagnostics.push(`    ${lines[j].slice(keyIndent)}`);
    }
  }
  if (diagnostics.length) console.log(diagnostics.join("\n"));
  printed++;
}
