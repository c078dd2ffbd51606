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

/** Intents of the chosen project, or of all of them (then named with their project, as names repeat across projects). */
export const useIntentOptions = (projectId: number | undefined) =>
  useOptions(`intents-${projectId ?? "all"}`, async ({ service }) => {
    const [intents, projects] = await Promise.all([
      unwrap(service.GET("/api/external/intents", { params: { query: projectId ? { projectId } : {} } })),
      projectId ? Promise.resolve([]) : unwrap(service.GET("/api/external/projects")),
    ]);
    const projectName = new Map(projects.map((project) => [project.id, project.name]));
    return intents.map((intent) => ({ value: String(intent.id), label: projectId || projects.length < 2 ? intent.name : `${intent.name} (${projectName.get(intent.projectId)})` }));
  });

export const useSegmentOptions = () =>
  useOptions("segments", async ({ service }) =>
    (await unwrap(service.GET("/api/external/segments"))).map((segment) => ({ value: String(segment.id), label: `${segment.type.name}: ${segment.name}` })),
  );

export const useAttributeOptionOptions = (projectId: number | undefined) =>
  useOptions(`attribute-options-${projectId ?? "all"}`, async ({ service }) =>
    (await unwrap(service.GET("/api/external/attributes", { params: { query: projectId ? { projectId } : {} } }))).flatMap((attribute) =>
      attribute.options.map((option) => ({ value: String(option.id), label: `${attribute.name}: ${option.name}` })),
    ),
  );
