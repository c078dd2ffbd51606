import type { components } from "../api.ts";
import { renderMarkdown } from "../markdown.ts";

type Message = components["schemas"]["Message"];

function prettyJson(message: Message): string {
  if (message.jsonContent) return JSON.stringify(message.jsonContent, null, 2);
  try {
    return JSON.stringify(JSON.parse(message.content), null, 2);
  } catch {
    return message.content;
  }
}

/** `markdown` through the sanitizing renderer, `json` pretty-printed, `text` as it is: all of it untrusted. */
export function MessageContent({ message }: { message: Message }) {
  if (message.type === "json") return <pre class="json">{prettyJson(message)}</pre>;
  if (message.type === "text") return <p class="plain">{message.content}</p>;
  return <div class="markdown" dangerouslySetInnerHTML={{ __html: renderMarkdown(message.content) }} />;
}
