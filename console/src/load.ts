import { useEffect, useState } from "preact/hooks";
import { ApiError } from "./api.ts";

export interface Loaded<T> {
  data?: T;
  error?: Error;
  loading: boolean;
}

/** Runs `load` whenever `key` changes; an answer that arrives after a newer request is dropped. */
export function useLoad<T>(key: string, load: () => Promise<T>, onUnauthorized: (error: ApiError) => void): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>({ loading: true });
  useEffect(() => {
    let current = true;
    setState((previous) => ({ data: previous.data, loading: true }));
    load().then(
      (data) => current && setState({ data, loading: false }),
      (error: Error) => {
        if (!current) return;
        if (error instanceof ApiError && error.status === 401) onUnauthorized(error);
        setState({ error, loading: false });
      },
    );
    return () => {
      current = false;
    };
  }, [key]);
  return state;
}
