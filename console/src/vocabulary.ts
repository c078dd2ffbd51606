import { unwrap } from "./api.ts";
import type { Option } from "./components/Fields.tsx";
import { useLoad } from "./load.ts";
import { useSession } from "./session-context.ts";

/** Options of a filter, loaded once per view from one of the API's listings. */
function useOptions(name: string, load: (session: ReturnType<typeof useSession>) => Promise<Option[]>): Option[] {
  const session = useSession();
  return useLoad(name, () => load(session), session.unauthorized).data ?? [];
}

export const useProjectOptions = () =>
  useOptions("projects", async ({ service }) =>
    (await unwrap(service.GET("/api/external/projects"))).map((project) => ({ value: String(project.id), label: project.name })),
  );

/** Names of the organization's projects by id, when there are several (names then tell apart what has the same name). */
async function projectNames({ service }: ReturnType<typeof useSession>, projectId: number | undefined): Promise<Map<number, string> | null> {
  if (projectId) return null;
  const projects = await unwrap(service.GET("/api/external/projects"));
  return projects.length > 1 ? new Map(projects.map((project) => [project.id, project.name])) : null;
}

const inProject = (name: string, projectId: number, names: Map<number, string> | null) => (names ? `${name} (${names.get(projectId)})` : name);

/** Intents of the chosen project, or of all of them. */
export const useIntentOptions = (projectId: number | undefined) =>
  useOptions(`intents-${projectId ?? "all"}`, async (session) => {
    const [intents, names] = await Promise.all([
      unwrap(session.service.GET("/api/external/intents", { params: { query: projectId ? { projectId } : {} } })),
      projectNames(session, projectId),
    ]);
    return intents.map((intent) => ({ value: String(intent.id), label: inProject(intent.name, intent.projectId, names) }));
  });

export const useSegmentOptions = () =>
  useOptions("segments", async ({ service }) =>
    (await unwrap(service.GET("/api/external/segments"))).map((segment) => ({ value: String(segment.id), label: `${segment.type.name}: ${segment.name}` })),
  );

/** Attribute options of the chosen project, or of all of them. */
export const useAttributeOptionOptions = (projectId: number | undefined) =>
  useOptions(`attribute-options-${projectId ?? "all"}`, async (session) => {
    const [attributes, names] = await Promise.all([
      unwrap(session.service.GET("/api/external/attributes", { params: { query: projectId ? { projectId } : {} } })),
      projectNames(session, projectId),
    ]);
    return attributes.flatMap((attribute) => attribute.options.map((option) => ({ value: String(option.id), label: inProject(`${attribute.name}: ${option.name}`, attribute.projectId, names) })));
  });
