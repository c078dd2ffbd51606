import { renderMarkdown } from "./markdown.ts";

/** What a reader sees of a markdown message, as one line of text (`**twice**` is "twice"). */
export function plainText(markdown: string): string {
  // DOMParser builds an inert document: nothing in it loads or runs.
  const html = renderMarkdown(markdown).replace(/<\/(p|li|h\d|pre|blockquote|tr)>|<br>/g, "$& ");
  return (new DOMParser().parseFromString(html, "text/html").body.textContent ?? "").replace(/\s+/g, " ").trim();
}

export interface Excerpt {
  before: string;
  match: string;
  after: string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * At most `length` characters of `text`, around the first place one of the search's words occurs
 * (case-insensitive) so that the match can be highlighted; the start of the text when none does.
 */
export function excerptAround(text: string, search: string, length: number): Excerpt {
  const words = search.split(/\s+/).filter(Boolean).map(escapeRegExp);
  const found = words.length ? new RegExp(words.join("|"), "i").exec(text) : null;
  if (!found) return { before: cut(text, 0, length), match: "", after: "" };
  const start = Math.max(0, Math.min(found.index - Math.floor((length - found[0].length) / 3), text.length - length));
  const end = Math.min(text.length, start + length);
  return {
    before: (start > 0 ? "…" : "") + text.slice(start, found.index),
    match: found[0],
    after: text.slice(found.index + found[0].length, end) + (end < text.length ? "…" : ""),
  };
}

const cut = (text: string, start: number, length: number) => (text.length - start > length ? `${text.slice(start, start + length - 1)}…` : text.slice(start));
