/**
 * Time of the built-in fact extractor per call on 10 messages, as Create Thread calls it:
 * the conversations of the memory fixture (test/fixtures/memory, five domains, several
 * languages, messages of realistic length), each cut to its first 10 messages, after a warm-up.
 *
 *   npx tsx bench/facts/extractor.ts [--seconds 5] [--longer 4]   (each message 4 times as long: its text repeated)
 *   npx tsx bench/facts/extractor.ts --prose   (instead, 100 threads of `npm run bench`'s realistic prose, 50-600 characters a message)
 */
import { parseArgs } from "node:util";
import { extractFacts, type FactMessage } from "../../src/memory/facts/extractor.ts";
import { realisticConversation, seededRandom } from "../conversations.ts";
import { MEMORY_CASES } from "../../test/fixtures/memory/index.ts";

const { values } = parseArgs({ options: { seconds: { type: "string", default: "5" }, longer: { type: "string", default: "1" }, prose: { type: "boolean", default: false } } });
const seconds = Number(values.seconds);
const longer = Number(values.longer);

const random = seededRandom(7);
const conversations = values.prose ? Array.from({ length: 100 }, () => realisticConversation(random, 10)) : MEMORY_CASES.map((memoryCase) => memoryCase.messages.slice(0, 10));
const threads: FactMessage[][] = conversations.map((messages) =>
  messages.map((message, index) => ({ id: index + 1, role: message.role, content: Array(longer).fill(message.content).join(" "), createdAt: new Date(index * 60_000) })),
);
const characters = threads.flat().reduce((sum, message) => sum + message.content.length, 0);
for (let round = 0; round < 20; round++) for (const thread of threads) extractFacts(thread);

const times: number[] = [];
const cpuStart = process.cpuUsage();
const deadline = Date.now() + seconds * 1000;
while (Date.now() < deadline) {
  for (const thread of threads) {
    const start = performance.now();
    extractFacts(thread);
    times.push(performance.now() - start);
  }
}
const cpu = process.cpuUsage(cpuStart);
times.sort((a, b) => a - b);
const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
console.log(
  `${threads.length} threads of <= 10 messages (mean ${(characters / threads.flat().length).toFixed(0)} characters a message), ${times.length} calls: ` +
    `process CPU per call ${((cpu.user + cpu.system) / 1000 / times.length).toFixed(3)} ms (GC and compiler threads included); ` +
    `time per call p50 ${at(0.5).toFixed(3)} ms, p90 ${at(0.9).toFixed(3)} ms, p99 ${at(0.99).toFixed(3)} ms`,
);
