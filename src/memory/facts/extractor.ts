// Stand-in for the built-in extractor (the "extractor" branch replaces this file): a few English patterns.

export interface FactMessage {
  id: number;
  role: string;
  content: string;
  createdAt: Date;
  language?: string;
}

export interface ExtractedFact {
  subject: string;
  text: string;
  messageId: number;
}

export interface FactExtractor {
  extract(messages: readonly FactMessage[]): Promise<ExtractedFact[]>;
}

const PATTERNS: [subject: string, pattern: RegExp][] = [
  ["home city", /\b(?:I live|we live|I moved|we moved)\b[^.!?\n]*/i],
  ["budget", /\bmy budget is\b[^.!?\n]*/i],
  ["diet", /\bI(?:'m| am) (?:vegetarian|vegan)\b[^.!?\n]*/i],
];

export function createBuiltinFactExtractor(): FactExtractor {
  return {
    async extract(messages) {
      return messages.flatMap((message) =>
        message.role !== "user"
          ? []
          : PATTERNS.flatMap(([subject, pattern]) => {
              const match = pattern.exec(message.content);
              return match ? [{ subject, text: match[0].trim().slice(0, 300), messageId: message.id }] : [];
            }),
      );
    },
  };
}
