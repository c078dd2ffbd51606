import { builtinSummarizer } from "./builtin.ts";
import { openAiSummarizer, type OpenAiOptions } from "./openai.ts";
import type { Summarizer } from "./summarizer.ts";

export interface SummarizerConfig {
  /** SUMMARIZER (src/config.ts checks it). */
  kind: "builtin" | "openai";
  openai: OpenAiOptions;
}

export function configuredSummarizer(config: SummarizerConfig): Summarizer {
  return config.kind === "openai" ? openAiSummarizer(config.openai) : builtinSummarizer;
}
