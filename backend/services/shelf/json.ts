/** A json column as both drivers hand it over: parsed already, or as text when a value was written as text. */
export const parseJson = (v: unknown): unknown => (typeof v === "string" ? JSON.parse(v) : v);
