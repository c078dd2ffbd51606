import type { SummarizerConfig } from "../../summarizer/configured.ts";
import type { FactExtractor } from "./extractor.ts";
import { createLlmFactExtractor } from "./llm.ts";

/**
 * The extractor that refines the built-in facts after commit: the LLM one when the summarizer's
 * LLM is configured (its endpoint settings), else none (the built-in facts are the facts).
 */
export function configuredFactRefiner(config: SummarizerConfig): FactExtractor | undefined {
  return config.kind === "openai" ? createLlmFactExtractor(config.openai) : undefined;
}
