import type { Driver } from "../db/driver.ts";
import { invalidInput, notFound } from "../errors.ts";
import type { FeedbackFilters } from "../feedback/filters.ts";
import { LIMITS } from "../limits.ts";
import { CREATE_ALERT, DELETE_ALERT, LIST_ALERTS, LOCK_ALERTS } from "./sql.ts";

/** The feedback an alert watches: the statistics' filters, their time range inside the alert's window. */
export type AlertFilters = FeedbackFilters;

export interface AlertInput {
  name: string;
  filters?: AlertFilters | null;
  windowMinutes?: number | null;
  minCount?: number | null;
  positiveRateBelow: number;
}

export const ALERT_DEFAULTS = { windowMinutes: 60, minCount: 30 } as const;

/** Creates the alert (state `ok`, not yet evaluated); over the organization's limit is a 400, and nothing is stored. */
export async function createAlert(driver: Driver, organizationId: number, input: AlertInput) {
  return driver.transaction(async (tx) => {
    await tx.rows(LOCK_ALERTS, { organizationId });
    const [row] = await tx.rows(CREATE_ALERT, {
      organizationId,
      name: input.name,
      filters: JSON.stringify(input.filters ?? {}),
      windowMinutes: input.windowMinutes ?? ALERT_DEFAULTS.windowMinutes,
      minCount: input.minCount ?? ALERT_DEFAULTS.minCount,
      positiveRateBelow: input.positiveRateBelow,
    });
    if (row!.count > LIMITS.alertsPerOrganization) {
      throw invalidInput(`Invalid field 'name': an organization has at most ${LIMITS.alertsPerOrganization} alerts`);
    }
    return row!.alert;
  });
}

export async function listAlerts(driver: Driver, organizationId: number): Promise<{ rows: unknown[] }> {
  const rows = await driver.rows(LIST_ALERTS, { organizationId });
  return { rows: rows.map((row) => row.alert) };
}

export async function deleteAlert(driver: Driver, organizationId: number, id: number): Promise<void> {
  const [deleted] = await driver.rows(DELETE_ALERT, { organizationId, alertId: id });
  if (!deleted) throw notFound("Alert not found");
}
