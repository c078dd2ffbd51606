import { createContext } from "preact";
import { useContext } from "preact/hooks";
import type { ServiceClient } from "../../client/src/index.ts";
import type { ApiError } from "./api.ts";

export interface Session {
  service: ServiceClient;
  /** A 401 while signed in (a revoked key): back to the sign-in form, with the API's message. */
  unauthorized(error: ApiError): void;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useSession outside a signed-in console");
  return session;
}
