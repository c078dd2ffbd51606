import t from "tap";
import { readConfig } from "../../src/config.ts";
import { builtinSummarizer } from "../../src/summarizer/builtin.ts";
import { configuredSummarizer } from "../../src/summarizer/configured.ts";

t.test("the built-in summarizer by default", async (t) => {
  const config = readConfig({});
  t.equal(config.summarizer.kind, "builtin");
  t.equal(configuredSummarizer(config.summarizer), builtinSummarizer);
});

t.test("SUMMARIZER=openai with its settings", async (t) => {
  const config = readConfig({
    SUMMARIZER: "openai",
    OPENAI_BASE_URL: "http://127.0.0.1:11434/v1",
    OPENAI_API_KEY: "sk-x",
    SUMMARIZER_MODEL: "llama3",
    SUMMARIZER_TIMEOUT_MS: "5000",
    SUMMARIZER_RETRIES: "0",
  });
  t.same(config.summarizer, {
    kind: "openai",
    openai: { baseUrl: "http://127.0.0.1:11434/v1", apiKey: "sk-x", model: "llama3", timeoutMs: 5000, retries: 0 },
  });
  t.equal(configuredSummarizer(config.summarizer).name, "openai");
  t.same(readConfig({ SUMMARIZER: "openai" }).summarizer.openai, {
    baseUrl: "https://api.openai.com/v1",
    apiKey: undefined,
    model: "gpt-4o-mini",
    timeoutMs: 30_000,
    retries: 2,
  });
});

t.test("a mistake in the settings stops the start", async (t) => {
  t.throws(() => readConfig({ SUMMARIZER: "gpt" }), /SUMMARIZER must be one of builtin, openai, got 'gpt'/);
  t.throws(() => readConfig({ SUMMARIZER_TIMEOUT_MS: "soon" }), /SUMMARIZER_TIMEOUT_MS must be a non-negative integer/);
});
