import { render } from "preact";
import { useMemo, useState } from "preact/hooks";
import { ApiError, serviceFor } from "./api.ts";
import { Link } from "./components/Link.tsx";
import { navigate, useRoute, type Route } from "./router.ts";
import { SessionContext, type Session } from "./session-context.ts";
import { forgetKey, storeKey, storedKey } from "./session.ts";
import "./styles.css";
import { SignIn } from "./views/SignIn.tsx";
import { FeedbackView } from "./views/Feedback.tsx";
import { SettingsView } from "./views/Settings.tsx";
import { ThreadView } from "./views/Thread.tsx";
import { ThreadsView } from "./views/Threads.tsx";
import { TrendsView } from "./views/Trends.tsx";
import { UserView } from "./views/User.tsx";

const NAVIGATION = [
  { href: "/console/threads", label: "Threads" },
  { href: "/console/feedback", label: "Feedback" },
  { href: "/console/trends", label: "Trends" },
  { href: "/console/settings", label: "Settings" },
];

/** A path segment as text; a malformed escape stays as it was typed. */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function View({ route }: { route: Route }) {
  const thread = /^\/console\/threads\/(\d+)$/.exec(route.path);
  if (thread) return <ThreadView threadId={Number(thread[1])} hash={route.hash} />;
  const user = /^\/console\/users\/([^/]+)$/.exec(route.path);
  if (user) return <UserView externalId={safeDecode(user[1]!)} />;
  switch (route.path) {
    case "/console/threads":
      return <ThreadsView query={route.query} />;
    case "/console/feedback":
      return <FeedbackView query={route.query} />;
    case "/console/trends":
      return <TrendsView query={route.query} />;
    case "/console/settings":
      return <SettingsView />;
    default:
      return (
        <p role="alert" class="error">
          No such view: <Link href="/console/threads">go to the threads</Link>.
        </p>
      );
  }
}

function Console() {
  const route = useRoute();
  const [key, setKey] = useState(storedKey);
  const [notice, setNotice] = useState<string | undefined>();
  const signOut = (message?: string) => {
    forgetKey();
    setNotice(message);
    setKey(null);
  };
  const session = useMemo<Session | null>(() => (key ? { service: serviceFor(key), unauthorized: (error: ApiError) => signOut(error.message) } : null), [key]);

  if (!session) {
    return (
      <SignIn
        notice={notice}
        onSignedIn={(signedIn) => {
          storeKey(signedIn);
          setKey(signedIn);
          setNotice(undefined);
          if (route.path === "/console") navigate("/console/threads", { replace: true });
        }}
      />
    );
  }
  if (route.path === "/console") {
    navigate("/console/threads", { replace: true });
    return null;
  }
  return (
    <SessionContext.Provider value={session}>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="top">
        <strong class="brand">Feedback console</strong>
        <nav aria-label="Views">
          {NAVIGATION.map((item) => (
            <Link key={item.href} href={item.href} aria-current={route.path.startsWith(item.href) ? "page" : undefined}>
              {item.label}
            </Link>
          ))}
        </nav>
        <button type="button" class="sign-out" onClick={() => signOut()}>
          Sign out
        </button>
      </header>
      <main id="main" tabIndex={-1}>
        <View route={route} />
      </main>
    </SessionContext.Provider>
  );
}

render(<Console />, document.getElementById("app")!);
