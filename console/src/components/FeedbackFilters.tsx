import { dayBounds, dayParam, idList, idParam, idsParam, listParam, presentOnly, textParam } from "../filters.ts";
import { useAttributeOptionOptions, useProjectOptions } from "../vocabulary.ts";
import { ChipsField, DateRangeField, SelectField, TextField } from "./Fields.tsx";

type FeedbackKind = "POSITIVE" | "NEGATIVE";

/** The filters the Feedback and Trends views share, as their URLs hold them. */
export function readFeedbackFilters(query: URLSearchParams) {
  const type = query.get("feedbackType");
  return {
    projectId: idParam(query, "projectId"),
    feedbackType: type === "POSITIVE" || type === "NEGATIVE" ? (type as FeedbackKind) : undefined,
    attributeOptionIds: idsParam(query, "attributeOptionIds"),
    externalUserIds: listParam(query, "externalUserIds"),
    search: textParam(query, "search"),
    from: dayParam(query, "from"),
    to: dayParam(query, "to"),
  };
}
export type FeedbackFilters = ReturnType<typeof readFeedbackFilters>;

const NO_FILTERS: FeedbackFilters = readFeedbackFilters(new URLSearchParams());

/** The filters as the URL's query values. */
export const feedbackFilterValues = (filters: FeedbackFilters) => ({ ...filters, attributeOptionIds: filters.attributeOptionIds.map(String) });

/** The filters as the query of listFeedback and getFeedbackStats. */
export const feedbackQuery = ({ from, to, ...filters }: FeedbackFilters) => presentOnly({ ...filters, ...dayBounds(from, to) });

const TYPES = [
  { value: "POSITIVE", label: "Positive" },
  { value: "NEGATIVE", label: "Negative" },
];

export function FeedbackFilterForm({ filters, apply, label }: { filters: FeedbackFilters; apply(changes: Partial<FeedbackFilters>): void; label: string }) {
  const projects = useProjectOptions();
  const attributeOptions = useAttributeOptionOptions(filters.projectId);
  const anyFilter = Object.values(filters).some((value) => (Array.isArray(value) ? value.length > 0 : value !== undefined && value !== ""));
  return (
    <form class="filters" onSubmit={(event) => event.preventDefault()} aria-label={label}>
      <SelectField label="Project" value={filters.projectId ? String(filters.projectId) : ""} options={projects} onChange={(value) => apply({ projectId: value ? Number(value) : undefined, attributeOptionIds: [] })} />
      <SelectField label="Vote" value={filters.feedbackType ?? ""} options={TYPES} onChange={(value) => apply({ feedbackType: value === "POSITIVE" || value === "NEGATIVE" ? value : undefined })} />
      <ChipsField label="Attribute options" values={filters.attributeOptionIds.map(String)} options={attributeOptions} onChange={(values) => apply({ attributeOptionIds: values.map(Number) })} />
      <TextField label="Givers" value={filters.externalUserIds.join(", ")} hint="External ids, comma-separated" onChange={(text) => apply({ externalUserIds: idList(text) })} />
      <DateRangeField from={filters.from} to={filters.to} onChange={apply} />
      <TextField label="Search feedback text" value={filters.search} onChange={(search) => apply({ search })} />
      {anyFilter ? (
        <button type="button" class="secondary" onClick={() => apply(NO_FILTERS)}>
          Clear all
        </button>
      ) : null}
    </form>
  );
}
