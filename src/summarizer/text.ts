const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });
const sentences = new Intl.Segmenter(undefined, { granularity: "sentence" });

const ELLIPSIS = "…";
const ENDS_A_SENTENCE = /[.!?…:;。！？；：]["'”’)\]]*$/u;

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})\s*([^\s`{]*)/;
const HEADING = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/;
const LIST_ITEM = /^\s*(?:[-*+•]|\d{1,9}[.)])\s+(.*)$/;
const QUOTE = /^\s*(?:>\s?)+/;
const RULE = /^ {0,3}([-*_])(?:\s*\1){2,}\s*$/;
const TABLE_DELIMITER = /^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?\s*$/;

/** Inline markdown reduced to its text: links and images keep their label, emphasis its words. */
function inlineText(line: string): string {
  return line
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .replace(/<\/?[A-Za-z][^<>]*>/g, " ")
    .replace(/(`+)(.+?)\1/g, "$2")
    .replace(/(\*\*|__|~~)(?=\S)(.+?)(?<=\S)\1/g, "$2")
    .replace(/(^|[^\p{L}\p{N}*_])[*_](?=\S)([^*_]+?)(?<=\S)[*_](?=[^\p{L}\p{N}*_]|$)/gu, "$1$2")
    .replace(/\s+/g, " ")
    .trim();
}

interface Block {
  text: string;
  kind: "paragraph" | "item" | "code";
}

function joinBlocks(blocks: Block[]): string {
  let joined = "";
  blocks.forEach((block, index) => {
    const previous = blocks[index - 1];
    if (!previous) joined = block.text;
    else if (ENDS_A_SENTENCE.test(previous.text) || previous.kind === "code" || block.kind === "code") joined += ` ${block.text}`;
    else joined += previous.kind === "item" && block.kind === "item" ? `; ${block.text}` : `. ${block.text}`;
  });
  return joined;
}

/**
 * Markdown (or plain text) as one line of prose: code blocks become a placeholder such as
 * "[python code]", headings, list items and paragraphs become sentences, markup disappears.
 */
export function plainText(markdown: string): string {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let fence: string | null = null;
  const endParagraph = () => {
    const text = inlineText(paragraph.join(" "));
    if (text) blocks.push({ text, kind: "paragraph" });
    paragraph = [];
  };
  for (const line of markdown.split(/\r\n?|\n/)) {
    if (fence !== null) {
      if (line.trim().startsWith(fence) && line.trim().replace(/[`~]/g, "") === "") fence = null;
      continue;
    }
    const opening = FENCE_OPEN.exec(line);
    if (opening) {
      endParagraph();
      fence = opening[1]!;
      blocks.push({ text: opening[2] ? `[${opening[2]} code]` : "[code]", kind: "code" });
      continue;
    }
    const unquoted = line.replace(QUOTE, "");
    if (unquoted.trim() === "" || RULE.test(unquoted) || TABLE_DELIMITER.test(unquoted)) {
      endParagraph();
      continue;
    }
    const heading = HEADING.exec(unquoted);
    const item = LIST_ITEM.exec(unquoted);
    const cells = unquoted.trim().startsWith("|") ? unquoted.split("|").map((cell) => cell.trim()).filter(Boolean) : null;
    if (heading || item || cells) {
      endParagraph();
      const text = inlineText(heading?.[1] ?? item?.[1] ?? cells!.join(", "));
      if (text) blocks.push({ text, kind: heading ? "paragraph" : "item" });
      continue;
    }
    paragraph.push(unquoted);
  }
  endParagraph();
  return joinBlocks(blocks);
}

/** The longest prefix of at most `max` code units that ends on a grapheme boundary. */
function graphemePrefix(text: string, max: number): string {
  let end = 0;
  for (const { index, segment } of graphemes.segment(text)) {
    if (index + segment.length > max) break;
    end = index + segment.length;
  }
  return text.slice(0, end);
}

/**
 * `text` in at most `max` characters. Whole sentences when they fill at least half of the room;
 * otherwise cut at a word boundary when there is one near the end (text without spaces, such as
 * Chinese or Japanese, is cut between characters), never inside a grapheme. A cut ends with "…".
 */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max < 2) return "";
  const sentenceRoom = max - 2;
  let kept = "";
  for (const { segment } of sentences.segment(text)) {
    if (kept.length + segment.length > sentenceRoom) break;
    kept += segment;
  }
  kept = kept.trimEnd();
  if (kept.length >= sentenceRoom / 2) return `${kept} ${ELLIPSIS}`;
  const room = max - ELLIPSIS.length;
  const prefix = graphemePrefix(text, room);
  const endsAWord = /\s/u.test(text.charAt(prefix.length));
  const lastSpace = prefix.search(/\s\S*$/u);
  const cut = !endsAWord && lastSpace >= room * 0.6 ? prefix.slice(0, lastSpace) : prefix;
  return `${cut.trimEnd()}${ELLIPSIS}`;
}
