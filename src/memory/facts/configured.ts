import type { SummarizerConfig } from "../../summarizer/configured.ts";
import { createBuiltinFactExtractor, type FactExtractor } from "./extractor.ts";
import { createLlmFactExtractor } from "./llm.ts";

/** The LLM extractor when the summarizer's LLM is configured (its endpoint settings), else the built-in one; the built-in one is the LLM's fallback. */
export function configuredFactExtractor(config: SummarizerConfig): FactExtractor {
  const builtin = createBuiltinFactExtractor();
  return config.kind === "openai" ? createLlmFactExtractor(config.openai, builtin) : builtin;
}
