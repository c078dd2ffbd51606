import { guessLanguage, type GuessThresholds } from "../../summarizer/language.ts";

/** Languages a message is searched in (the migration's message_search_vector); others are matched word for word. */
const SEARCH_LANGUAGES = new Set(["en", "de", "fr", "es", "pt", "it", "nl"]);

/**
 * A short message has two or three common words of its language ("Both of my blenders stopped working"), where a
 * guess by default wants four (and 20 letters): for search, two do (and 10 letters), still half again as many as of any
 * other language.
 */
const SHORT_MESSAGE: GuessThresholds = { letters: 10, commonWords: 2, distinctWords: true };

const searchLanguage = (text: string) => {
  const language = guessLanguage(text, SHORT_MESSAGE);
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
