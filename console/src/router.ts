import { useEffect, useState } from "preact/hooks";

const NAVIGATED = "console:navigated";

export interface Route {
  path: string;
  query: URLSearchParams;
  hash: string;
}

const current = (): Route => ({ path: location.pathname.replace(/\/+$/, "") || "/", query: new URLSearchParams(location.search), hash: location.hash });

/** Changes the URL without a reload; the view follows through useRoute. */
export function navigate(url: string, { replace = false } = {}): void {
  if (replace) history.replaceState(null, "", url);
  else history.pushState(null, "", url);
  window.dispatchEvent(new Event(NAVIGATED));
}

/** The current path and query, updated on navigate() and on the browser's back and forward. */
export function useRoute(): Route {
  const [route, setRoute] = useState(current);
  useEffect(() => {
    const update = () => setRoute(current());
    window.addEventListener("popstate", update);
    window.addEventListener(NAVIGATED, update);
    return () => {
      window.removeEventListener("popstate", update);
      window.removeEventListener(NAVIGATED, update);
    };
  }, []);
  return route;
}

/** A query string from a view's state: empty values are left out, so that URLs stay short. */
export function queryString(values: Record<string, string | string[] | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (Array.isArray(value)) {
      if (value.length > 0) query.set(name, value.join(","));
    } else if (value !== undefined && value !== "") query.set(name, String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : "";
}
