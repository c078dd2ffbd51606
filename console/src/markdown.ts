import DOMPurify from "dompurify";
import { Marked } from "marked";

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => ENTITIES[character]!);

/**
 * Markdown as the end user wrote it, where raw HTML is text (a message about `<script>` shows the
 * tag) and an image is only its words: loading it would tell its host who read the thread.
 */
const markdown = new Marked({
  async: false,
  gfm: true,
  breaks: true,
  renderer: {
    html: ({ text }) => escapeHtml(text),
    image: ({ text }) => escapeHtml(`[image: ${text}]`),
  },
});

/** Second line of defence: what marked produced is cut down to markup that cannot run or load anything. */
const purifier = DOMPurify();
purifier.addHook("afterSanitizeAttributes", (node) => {
  if (node.tagName === "A") {
    node.setAttribute("rel", "noopener noreferrer");
    if (node.hasAttribute("href")) node.setAttribute("target", "_blank");
  }
});

const ALLOWED_TAGS = ["p", "br", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "code", "em", "strong", "del", "a", "ul", "ol", "li", "table", "thead", "tbody", "tr", "th", "td"];

/** Safe HTML for a message's markdown: only http(s) and mailto links, each rel="noopener noreferrer". */
export function renderMarkdown(source: string): string {
  const html = markdown.parse(source) as string;
  return purifier.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR: ["href", "title", "start", "align", "target", "rel"],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
  });
}
