const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });
const sentences = new Intl.Segmenter(undefined, { granularity: "sentence" });

const ELLIPSIS = "…";
const ENDS_A_SENTENCE = /[.!?…:;。！？；：]["'”’)\]]*$/u;

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})\s*([^\s`{]*)/;
const HEADING_START = /^ {0,3}#{1,6}(?:\s+|$)/;
const LIST_ITEM = /^\s*(?:[-*+•]|\d{1,9}[.)])\s+(.*)$/;
const QUOTE = /^\s*(?:>\s?)+/;
const RULE = /^ {0,3}([-*_])(?:\s*\1){2,}\s*$/;
const TABLE_DELIMITER = /^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?\s*$/;
const EMPHASIS_PAIR = /\*\*|~~|(?<![\p{L}\p{N}])__|__(?![\p{L}\p{N}])/gu;
/** A single * or _ that opens or closes emphasis: not one inside a word (snake_case) nor one between spaces (2 * 3). */
const EMPHASIS_MARK = /(?<![\p{L}\p{N}*_])[*_](?=[^\s*_])|(?<=[^\s*_])[*_](?![\p{L}\p{N}*_])/gu;

/**
 * For each position, the index of the next `char` at or after it (`text.length` when none): one
 * pass from the end, so that finding where a link or tag closes costs nothing per attempt.
 */
function nextIndexes(text: string, char: string): Int32Array {
  const next = new Int32Array(text.length + 2).fill(text.length);
  for (let i = text.length - 1; i >= 0; i--) next[i] = text[i] === char ? i : next[i + 1]!;
  return next;
}

/**
 * Links and images keep their label (`[label](url)`, `![label](url)`), HTML tags become a space.
 * One pass: every attempt that fails moves on by one character, and finding the closing `]`, `)`
 * or `>` is a table lookup, so pathological input ("![" thousands of times) stays linear.
 */
function withoutLinksAndTags(text: string): string {
  const links = text.includes("[");
  const tags = text.includes("<");
  if (!links && !tags) return text;
  const none = new Int32Array(0);
  const closeBracket = links ? nextIndexes(text, "]") : none;
  const closeParen = links ? nextIndexes(text, ")") : none;
  const openParen = links ? nextIndexes(text, "(") : none;
  const closeAngle = tags ? nextIndexes(text, ">") : none;
  const openAngle = tags ? nextIndexes(text, "<") : none;
  let out = "";
  let copiedFrom = 0;
  let i = 0;
  while (i < text.length) {
    const char = text[i];
    const label = char === "[" ? i : char === "!" && text[i + 1] === "[" ? i + 1 : -1;
    if (label !== -1) {
      const close = closeBracket[label + 1]!;
      let urlEnd = text[close + 1] === "(" ? closeParen[close + 2]! : text.length;
      // One pair of parentheses inside the URL, as in "[click](javascript:alert(3))" or a Wikipedia link: the next ")" closes it.
      if (urlEnd < text.length && openParen[close + 2]! < urlEnd) urlEnd = closeParen[urlEnd + 1]!;
      if (urlEnd < text.length && (close > label + 1 || label !== i)) {
        out += text.slice(copiedFrom, i) + text.slice(label + 1, close);
        i = copiedFrom = urlEnd + 1;
        continue;
      }
    } else if (char === "<" && /[A-Za-z/]/.test(text[i + 1] ?? "")) {
      const end = closeAngle[i + 1]!;
      const tagName = text[i + 1] === "/" ? i + 2 : i + 1;
      if (end < text.length && openAngle[i + 1]! > end && /[A-Za-z]/.test(text[tagName] ?? "")) {
        out += `${text.slice(copiedFrom, i)} `;
        i = copiedFrom = end + 1;
        continue;
      }
    }
    i++;
  }
  return out + text.slice(copiedFrom);
}

/** Inline markdown reduced to its text: links and images keep their label, code spans and emphasis their words. */
function inlineText(line: string): string {
  return withoutLinksAndTags(line)
    .replace(/`+/g, "")
    .replace(EMPHASIS_PAIR, "")
    .replace(EMPHASIS_MARK, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** A heading's text without its closing sequence of #s (`## Title ##`). */
function headingText(rest: string): string {
  const text = rest.trimEnd();
  let end = text.length;
  while (end > 0 && text[end - 1] === "#") end--;
  return end === text.length || (end > 0 && !/\s/.test(text[end - 1]!)) ? text : text.slice(0, end).trimEnd();
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
 * "[python code]" (or nothing, without `codePlaceholders`), headings, list items and paragraphs
 * become sentences, markup disappears. Linear in the length of the text.
 */
export function plainText(markdown: string, codePlaceholders = true): string {
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
      if (codePlaceholders) blocks.push({ text: opening[2] ? `[${opening[2]} code]` : "[code]", kind: "code" });
      continue;
    }
    const unquoted = line.replace(QUOTE, "");
    if (unquoted.trim() === "" || RULE.test(unquoted) || TABLE_DELIMITER.test(unquoted)) {
      endParagraph();
      continue;
    }
    const headingStart = HEADING_START.exec(unquoted);
    const heading = headingStart ? headingText(unquoted.slice(headingStart[0].length)) : null;
    const item = heading === null ? LIST_ITEM.exec(unquoted) : null;
    const cells = unquoted.trim().startsWith("|") ? unquoted.split("|").map((cell) => cell.trim()).filter(Boolean) : null;
    if (heading !== null || item || cells) {
      endParagraph();
      const text = inlineText(heading ?? item?.[1] ?? cells!.join(", "));
      if (text) blocks.push({ text, kind: heading !== null ? "paragraph" : "item" });
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
