import { getInputProps } from "@conform-to/react";

type Field = Parameters<typeof getInputProps>[0];

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

/** Whether the text is a value the input's type can hold: a real calendar day (no 30 February), and a time for datetime-local. */
export function isDateValue(value: unknown, type: "date" | "datetime-local"): boolean {
  if (typeof value !== "string") return false;
  const m = (type === "date" ? DAY : DATE_TIME).exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * A date or date-and-time input's props. A typed value such an input cannot hold (30 February, from a
 * form sent without the browser's picker) comes back empty, with the field's message beside it: a
 * browser shows it empty anyway, and the W3C checker refuses it as the input's value.
 */
export function dateInputProps(field: Field, options: { type: "date" | "datetime-local"; ariaDescribedBy?: string }) {
  const props = getInputProps(field, options);
  return isDateValue(props.defaultValue, options.type) ? props : { ...props, defaultValue: undefined };
}
