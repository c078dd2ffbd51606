import { unwrap, type components } from "./api.ts";
import type { Option } from "./components/Fields.tsx";
import { useLoad } from "./load.ts";
import { useSession } from "./session-context.ts";

type Project = components["schemas"]["Project"];

/** The organization's projects, for the project filters. */
export function useProjectOptions(): Option[] {
  const { service, unauthorized } = useSession();
  const projects = useLoad<Project[]>("projects", () => unwrap(service.GET("/api/external/projects")), unauthorized);
  return (projects.data ?? []).map((project) => ({ value: String(project.id), label: project.name }));
}
