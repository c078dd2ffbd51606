import { useState } from "preact/hooks";
import { unwrap, type components } from "../api.ts";
import { Status } from "../components/Status.tsx";
import { formatTime } from "../filters.ts";
import { useLoad } from "../load.ts";
import { useSession } from "../session-context.ts";

type EventType = components["schemas"]["WebhookEventType"];
type CreatedWebhook = components["schemas"]["CreatedWebhook"];

const EVENT_TYPES: EventType[] = ["feedback.created", "feedback.updated", "thread.created", "thread.updated", "memory.facts_changed", "user.deleted", "alert.triggered", "alert.resolved"];

const percent = (rate: number | null | undefined) => (rate === null || rate === undefined ? "–" : `${(rate * 100).toFixed(1)}%`);
/** In UTC, as every other view writes times. */
const when = (timestamp: string | null) => (timestamp ? formatTime(timestamp) : "–");

/** Runs a change, then reloads the view; its error is shown beside the form that made it. */
function useChange(reload: () => void): [string | undefined, (change: () => Promise<unknown>) => Promise<boolean>] {
  const [error, setError] = useState<string | undefined>();
  const run = async (change: () => Promise<unknown>) => {
    try {
      await change();
      setError(undefined);
      reload();
      return true;
    } catch (failure) {
      setError((failure as Error).message);
      return false;
    }
  };
  return [error, run];
}

/** Removes on a second click ("Confirm removal"), so that one slip removes nothing. */
function RemoveButton({ what, remove }: { what: string; remove(): Promise<unknown> }) {
  const [asked, setAsked] = useState(false);
  return asked ? (
    <button type="button" class="danger" onClick={() => remove().finally(() => setAsked(false))}>
      Confirm removal of {what}
    </button>
  ) : (
    <button type="button" aria-label={`Remove ${what}`} onClick={() => setAsked(true)}>
      Remove
    </button>
  );
}

function Deliveries({ webhookId }: { webhookId: number }) {
  const { service, unauthorized } = useSession();
  const deliveries = useLoad(`deliveries-${webhookId}`, () => unwrap(service.GET("/api/external/webhooks/{id}/deliveries", { params: { path: { id: webhookId } } })), unauthorized);
  return (
    <>
      <Status state={deliveries} />
      {deliveries.data?.rows.length === 0 ? <p>No deliveries yet.</p> : null}
      {deliveries.data && deliveries.data.rows.length > 0 ? (
        <table class="deliveries rows">
          <caption>Latest deliveries</caption>
          <thead>
            <tr><th scope="col">Event</th><th scope="col">Status</th><th scope="col">Attempts</th><th scope="col">Last answer</th><th scope="col">Next attempt</th><th scope="col">Created</th></tr>
          </thead>
          <tbody>
            {deliveries.data.rows.map((row) => (
              <tr key={row.eventId}>
                <td data-label="Event">{row.type}</td>
                <td data-label="Status">{row.status}</td>
                <td data-label="Attempts">{row.attempts}</td>
                <td data-label="Last answer">{row.lastError ?? (row.lastStatusCode === null ? "–" : `HTTP ${row.lastStatusCode}`)}</td>
                <td data-label="Next attempt">{when(row.nextAttemptAt)}</td>
                <td data-label="Created">{when(row.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </>
  );
}

function Webhooks() {
  const { service, unauthorized } = useSession();
  const [version, setVersion] = useState(0);
  const [created, setCreated] = useState<CreatedWebhook | undefined>();
  const [shown, setShown] = useState<number | undefined>();
  const [copied, setCopied] = useState(false);
  const [error, change] = useChange(() => setVersion((v) => v + 1));
  const webhooks = useLoad(`webhooks-${version}`, () => unwrap(service.GET("/api/external/webhooks")), unauthorized);

  const add = async (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const data = new FormData(form);
    const body = { url: String(data.get("url")), events: data.getAll("events").map(String) as EventType[], description: String(data.get("description") || "") || null };
    let answer: CreatedWebhook | undefined;
    if (await change(async () => (answer = await unwrap(service.POST("/api/external/webhooks", { body }))))) {
      setCreated(answer);
      setCopied(false);
      form.reset();
    }
  };

  return (
    <section aria-labelledby="webhooks-title" aria-busy={webhooks.loading}>
      <h2 id="webhooks-title">Webhooks</h2>
      <Status state={webhooks} />
      {created ? (
        <div class="secret" role="status">
          <p>
            Webhook {created.id} added. Its signing secret is shown this once: store it now.
          </p>
          <code data-testid="secret">{created.secret}</code>{" "}
          <button type="button" onClick={() => navigator.clipboard.writeText(created.secret).then(() => setCopied(true))}>
            {copied ? "Copied" : "Copy"}
          </button>{" "}
          <button type="button" onClick={() => setCreated(undefined)}>Done</button>
        </div>
      ) : null}
      <ul class="webhooks">
        {webhooks.data?.rows.map((webhook) => (
          <li key={webhook.id}>
            <strong>{webhook.url}</strong> {webhook.description ? `— ${webhook.description}` : null}
            <div>{webhook.events.join(", ")}</div>
            <button type="button" onClick={() => change(() => unwrap(service.POST("/api/external/webhooks/{id}/test", { params: { path: { id: webhook.id } } })))}>Send a test event</button>{" "}
            <button type="button" aria-expanded={shown === webhook.id} onClick={() => setShown(shown === webhook.id ? undefined : webhook.id)}>
              Deliveries
            </button>{" "}
            <RemoveButton what={`the webhook to ${webhook.url}`} remove={() => change(() => unwrap(service.DELETE("/api/external/webhooks/{id}", { params: { path: { id: webhook.id } } }).then((answer) => ({ ...answer, data: answer.data ?? {} }))))} />
            {shown === webhook.id ? <Deliveries key={`${webhook.id}-${version}`} webhookId={webhook.id} /> : null}
          </li>
        ))}
      </ul>
      <form onSubmit={add} aria-label="Add a webhook" class="settings-form">
        <div class="field">
          <label for="webhook-url">URL</label>
          <input id="webhook-url" name="url" type="url" required maxLength={2048} placeholder="https://hooks.example.com/feedback" />
        </div>
        <fieldset>
          <legend>Events</legend>
          {EVENT_TYPES.map((type) => (
            <label key={type} class="check">
              <input type="checkbox" name="events" value={type} defaultChecked={type === "feedback.created"} /> {type}
            </label>
          ))}
        </fieldset>
        <div class="field">
          <label for="webhook-description">Description</label>
          <input id="webhook-description" name="description" maxLength={500} />
        </div>
        <button type="submit">Add webhook</button>
        {error ? <p class="error" role="alert">{error}</p> : null}
      </form>
    </section>
  );
}

function Alerts() {
  const { service, unauthorized } = useSession();
  const [version, setVersion] = useState(0);
  const [error, change] = useChange(() => setVersion((v) => v + 1));
  const alerts = useLoad(`alerts-${version}`, () => unwrap(service.GET("/api/external/alerts")), unauthorized);

  const add = async (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const data = new FormData(form);
    const number = (name: string) => (data.get(name) ? Number(data.get(name)) : undefined);
    const projectId = number("projectId");
    const body = {
      name: String(data.get("name")),
      windowMinutes: number("windowMinutes"),
      minCount: number("minCount"),
      positiveRateBelow: Number(data.get("positiveRateBelow")) / 100,
      filters: projectId ? { projectId } : undefined,
    };
    if (await change(() => unwrap(service.POST("/api/external/alerts", { body })))) form.reset();
  };

  return (
    <section aria-labelledby="alerts-title" aria-busy={alerts.loading}>
      <h2 id="alerts-title">Alerts</h2>
      <Status state={alerts} />
      <table class="alerts rows">
        <thead>
          <tr><th scope="col">Name</th><th scope="col">State</th><th scope="col">Below</th><th scope="col">Window</th><th scope="col">Feedback</th><th scope="col">Positive rate (95 % interval)</th><th scope="col">Evaluated</th><th scope="col"><span class="visually-hidden">Remove</span></th></tr>
        </thead>
        <tbody>
          {alerts.data?.rows.map((alert) => (
            <tr key={alert.id}>
              <td data-label="Name">{alert.name}</td>
              <td data-label="State" data-state={alert.state}>{alert.state}</td>
              <td data-label="Below">{percent(alert.positiveRateBelow)}</td>
              <td data-label="Window">{alert.windowMinutes} min</td>
              <td data-label="Feedback">{alert.stats ? `${alert.stats.count} (min ${alert.minCount})` : `– (min ${alert.minCount})`}</td>
              <td data-label="Positive rate">{alert.stats?.positiveRate != null ? `${percent(alert.stats.positiveRate)} (${percent(alert.stats.positiveRateLow)}–${percent(alert.stats.positiveRateHigh)})` : "–"}</td>
              <td data-label="Evaluated">{when(alert.evaluatedAt)}</td>
              <td>
                <RemoveButton what={`the alert ${alert.name}`} remove={() => change(() => unwrap(service.DELETE("/api/external/alerts/{id}", { params: { path: { id: alert.id } } }).then((answer) => ({ ...answer, data: answer.data ?? {} }))))} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <form onSubmit={add} aria-label="Add an alert" class="settings-form">
        <div class="field"><label for="alert-name">Name</label><input id="alert-name" name="name" required maxLength={255} /></div>
        <div class="field"><label for="alert-below">Positive rate below (%)</label><input id="alert-below" name="positiveRateBelow" type="number" min={0} max={100} step="any" required /></div>
        <div class="field"><label for="alert-window">Window (minutes)</label><input id="alert-window" name="windowMinutes" type="number" min={5} max={10080} placeholder="60" /></div>
        <div class="field"><label for="alert-min">Minimum feedback</label><input id="alert-min" name="minCount" type="number" min={1} max={100000} placeholder="30" /></div>
        <div class="field"><label for="alert-project">Project id (optional)</label><input id="alert-project" name="projectId" type="number" min={1} /></div>
        <button type="submit">Add alert</button>
        {error ? <p class="error" role="alert">{error}</p> : null}
      </form>
    </section>
  );
}

export function SettingsView() {
  return (
    <section aria-labelledby="settings-title">
      <h1 id="settings-title">Settings</h1>
      <Webhooks />
      <Alerts />
    </section>
  );
}
