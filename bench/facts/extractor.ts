/**
 * Time of the built-in fact extractor per call on 10 messages, as Create Thread calls it:
 * the conversations of the memory fixture (test/fixtures/memory, five domains, several
 * languages, messages of realistic length), each cut to its first 10 messages, after a warm-up.
 *
 *   npx tsx bench/facts/extractor.ts [--seconds 5] [--longer 4]   (each message 4 times as long: its text repeated)
 *   npx tsx bench/facts/extractor.ts --prose   (instead, 100 threads of `npm run bench`'s realistic prose, 50-600 characters a message)
 *   npx tsx bench/facts/extractor.ts --known   (each thread read as a returning user's, with a current fact of each subject the changes are read for)
 */
import { parseArgs } from "node:util";
import { extractFacts, type FactMessage } from "../../src/memory/facts/extractor.ts";
import { realisticConversation, seededRandom } from "../conversations.ts";
import { MEMORY_CASES } from "../../test/fixtures/memory/index.ts";

const { values } = parseArgs({ options: { seconds: { type: "string", default: "5" }, longer: { type: "string", default: "1" }, prose: { type: "boolean", default: false }, known: { type: "boolean", default: false } } });
const seconds = Number(values.seconds);
const longer = Number(values.longer);

const random = seededRandom(7);
const conversations = values.prose ? Array.from({ length: 100 }, () => realisticConversation(random, 10)) : MEMORY_CASES.map((memoryCase) => memoryCase.messages.slice(0, 10));
const threads: FactMessage[][] = conversations.map((messages) =>
  messages.map((message, index) => ({ id: index + 1, role: message.role, content: Array(longer).fill(message.content).join(" "), createdAt: new Date(index * 60_000) })),
);
/** A returning user's current facts, one of each subject whose later values are read as changes. */
const RETURNING_USER = new Map([
  ["budget", "Our budget is about €1,500 for the whole trip."],
  ["home city", "We live in Bristol, in a two-bed flat."],
  ["travel destination", "We're flying to Lisbon in May."],
  ["travel origin", "We're flying from Bristol."],
  ["travel date", "We leave on the 3rd of May."],
  ["running days per week", "I run 3 days a week."],
  ["work schedule", "I work 4 days a week at the depot."],
  ["daily steps", "I do about 6000 steps a day."],
  ["weight", "I weigh 82 kg."],
  ["age", "I'm 41 years old."],
  ["language learning", "I'm learning Portuguese, about A2."],
  ["training goal", "My goal is a 10 km race in June."],
]);
const known = threads.map(() => (values.known ? RETURNING_USER : new Map<string, string>()));
const characters = threads.flat().reduce((sum, message) => sum + message.content.length, 0);
for (let round = 0; round < 20; round++) threads.forEach((thread, index) => extractFacts(thread, known[index]));

const knownCount = known.reduce((sum, facts) => sum + facts.size, 0);
const times: number[] = [];
const cpuStart = process.cpuUsage();
const deadline = Date.now() + seconds * 1000;
while (Date.now() < deadline) {
  threads.forEach((thread, index) => {
    const start = performance.now();
    extractFacts(thread, known[index]);
    times.push(performance.now() - start);
  });
}
const cpu = process.cpuUsage(cpuStart);
times.sort((a, b) => a - b);
const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
console.log(
  `${threads.length} threads of <= 10 messages (mean ${(characters / threads.flat().length).toFixed(0)} characters a message, ${knownCount} known facts), ${times.length} calls: ` +
    `process CPU per call ${((cpu.user + cpu.system) / 1000 / times.length).toFixed(3)} ms (GC and compiler threads included); ` +
    `time per call p50 ${at(0.5).toFixed(3)} ms, p90 ${at(0.9).toFixed(3)} ms, p99 ${at(0.99).toFixed(3)} ms`,
);
