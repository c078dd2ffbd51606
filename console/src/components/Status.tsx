import type { Loaded } from "../load.ts";

/** Loading and error lines, announced to screen readers. */
export function Status({ state }: { state: Loaded<unknown> }) {
  if (state.error) {
    return (
      <p class="error" role="alert">
        {state.error.message}
      </p>
    );
  }
  return state.loading ? (
    <p class="loading" role="status">
      Loading…
    </p>
  ) : null;
}
