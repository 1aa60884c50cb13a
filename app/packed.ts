/**
 * The large, plain-JSON part of a page's loader data (the standings' rows, the round's tickets),
 * carried as one JSON text. For every document Single Fetch encodes all loader data with
 * turbo-stream, value by value, even on a page that ships no script and drops that stream
 * (docs/decisions/022): 200 standings rows cost about 4 ms of every view, one string next to
 * nothing. The component reads it back with `unpack`; a client-side navigation gets the same text
 * and does the same. Only for values JSON keeps as they are: no Date, Map or undefined inside.
 */
export type Packed<T> = { json: string; readonly of?: T };

export const pack = <T>(value: T): Packed<T> => ({ json: JSON.stringify(value) });

export const unpack = <T>(packed: { json: string; readonly of?: T }): T => JSON.parse(packed.json) as T;
