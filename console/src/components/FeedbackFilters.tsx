import { dayBounds, dayParam, idParam, idsParam, listParam, presentOnly, textParam } from "../filters.ts";
import { useAttributeOptionOptions, useProjectOptions } from "../vocabulary.ts";
import { DateField, MultiSelectField, SelectField, TextField } from "./Fields.tsx";

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
  const submitText = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const text = (name: string) => String(form.get(name) ?? "").trim();
    apply({ search: text("search"), externalUserIds: text("externalUserIds").split(",").map((id) => id.trim()).filter(Boolean) });
  };
  return (
    <form class="filters" onSubmit={submitText} aria-label={label}>
      <SelectField label="Project" value={filters.projectId ? String(filters.projectId) : ""} options={projects} onChange={(value) => apply({ projectId: value ? Number(value) : undefined, attributeOptionIds: [] })} />
      <SelectField label="Vote" value={filters.feedbackType ?? ""} options={TYPES} onChange={(value) => apply({ feedbackType: value === "POSITIVE" || value === "NEGATIVE" ? value : undefined })} />
      <MultiSelectField label="Attribute options" values={filters.attributeOptionIds.map(String)} options={attributeOptions} onChange={(values) => apply({ attributeOptionIds: values.map(Number) })} />
      <TextField label="Givers" name="externalUserIds" value={filters.externalUserIds.join(", ")} hint="External ids, comma-separated" />
      <DateField label="From (UTC day)" value={filters.from} onChange={(from) => apply({ from })} />
      <DateField label="To (UTC day)" value={filters.to} onChange={(to) => apply({ to })} />
      <TextField label="Search feedback text" name="search" value={filters.search} />
      <button type="submit">Apply</button>
    </form>
  );
}
