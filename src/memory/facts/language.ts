import { guessLanguage } from "../../summarizer/language.ts";

/** Languages a message is searched in (the migration's message_search_vector); others are matched word for word. */
const SEARCH_LANGUAGES = new Set(["en", "de", "fr", "es", "pt", "it", "nl"]);

/**
 * guessLanguage wants 4 common words of a language (and 20 letters); a short message has two or three
 * ("Both of my blenders stopped working"). Counted twice, it needs two, still half again as many as of
 * any other language (and 10 letters).
 */
const searchLanguage = (text: string) => {
  const language = guessLanguage(text) ?? guessLanguage(`${text}\n${text}`);
  return language && SEARCH_LANGUAGES.has(language) ? language : null;
};

/**
 * The language search stems each user message in (null: word for word; other roles are not
 * searched): its own guess, else that of everything the user wrote with it (a short message
 * says too little on its own).
 */
export function searchLanguages(messages: readonly { role: string; content: string }[]): (string | null)[] {
  let together: string | null | undefined;
  return messages.map(({ role, content }) => {
    if (role !== "user") return null;
    const own = searchLanguage(content);
    if (own) return own;
    together ??= searchLanguage(messages.flatMap((message) => (message.role === "user" ? [message.content] : [])).join("\n"));
    return together;
  });
}
