import { builtinSummarizer } from "./builtin.ts";
import { openAiSummarizer, type OpenAiOptions } from "./openai.ts";
import type { Summarizer } from "./summarizer.ts";

const KINDS = ["builtin", "openai"] as const;
export type SummarizerKind = (typeof KINDS)[number];

export interface SummarizerConfig {
  kind: SummarizerKind;
  openai: OpenAiOptions;
}

/** SUMMARIZER: `builtin` (default) or `openai`. */
export function summarizerKind(value: string | undefined): SummarizerKind {
  if (value === undefined || value === "") return "builtin";
  if (!(KINDS as readonly string[]).includes(value)) throw new Error(`SUMMARIZER must be one of ${KINDS.join(", ")}, got '${value}'`);
  return value as SummarizerKind;
}

export function configuredSummarizer(config: SummarizerConfig): Summarizer {
  return config.kind === "openai" ? openAiSummarizer(config.openai) : builtinSummarizer;
}
