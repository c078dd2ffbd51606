import { useEffect, useState } from "preact/hooks";
import { ApiError } from "./api.ts";

export interface Loaded<T> {
  /** The latest answer; while a new one loads, the previous one (so that rows do not flash away). */
  data?: T;
  error?: Error;
  /** True from the render in which `key` changes until its answer is in. */
  loading: boolean;
}

/** Runs `load` whenever `key` changes; an answer that arrives after a newer request is dropped. */
export function useLoad<T>(key: string, load: () => Promise<T>, onUnauthorized: (error: ApiError) => void): Loaded<T> {
  const [state, setState] = useState<{ key?: string; data?: T; error?: Error }>({});
  useEffect(() => {
    let current = true;
    load().then(
      (data) => current && setState({ key, data }),
      (error: Error) => {
        if (!current) return;
        if (error instanceof ApiError && error.status === 401) onUnauthorized(error);
        setState((previous) => ({ key, data: previous.data, error }));
      },
    );
    return () => {
      current = false;
    };
  }, [key]);
  const loading = state.key !== key;
  return { data: state.data, error: loading ? undefined : state.error, loading };
}
