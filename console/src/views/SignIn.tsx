import { useState } from "preact/hooks";
import { ApiError, serviceFor, unwrap } from "../api.ts";

/** Pasting a private key: checked against the API (listProjects) before it is kept for this tab. */
export function SignIn({ onSignedIn, notice }: { onSignedIn(key: string): void; notice?: string }) {
  const [error, setError] = useState(notice ?? "");
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const key = String(new FormData(form).get("apiKey") ?? "").trim();
    if (key.startsWith("pk_")) {
      setError("This is a public key (pk_…), which only records feedback: sign in with a private key (sk_…).");
      return;
    }
    setBusy(true);
    try {
      await unwrap(serviceFor(key).GET("/api/external/projects"));
      form.reset();
      onSignedIn(key);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : "The service did not answer");
    } finally {
      setBusy(false);
    }
  };
  return (
    <main id="main" class="sign-in">
      <h1>Sign in to the console</h1>
      <form onSubmit={submit}>
        <label for="api-key">Private API key</label>
        <input id="api-key" name="apiKey" type="password" autocomplete="off" spellcheck={false} required maxLength={255} aria-describedby="api-key-hint" />
        <small id="api-key-hint" class="hint">
          The key (sk_…) stays in this tab only, until you sign out or close it.
        </small>
        <button type="submit" disabled={busy}>
          Sign in
        </button>
      </form>
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
    </main>
  );
}
