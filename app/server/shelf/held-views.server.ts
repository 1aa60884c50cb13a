import { cache, type Cache, type CacheSpec } from "~/server/shelf/caches.server";
import { Fragment } from "~/server/shelf/fragments.server";

/**
 * What this instance last read of a big, shared part of a page (a group's standings rows, a round's
 * 200 tickets), under the `version` the backend gave it, with the HTML already rendered from it (one
 * per sort and caption). Two hundred members looking at the same page get the data once per change:
 * each view asks the backend with `known`, which still checks the session and the membership and
 * answers the small rest of the page, without the big part while it has not changed (decision 027).
 * Nothing here outlives a change: the version comes from the database on every view, so another
 * instance's write is seen at once.
 */
export interface HeldView<T> {
  version: string;
  value: T;
  html: Map<string, Fragment>;
}

export class HeldViews<T> {
  readonly #entries: Cache<string, HeldView<T>>;

  /** At most the spec's keys (caches.server.ts), least recently viewed out first. */
  constructor(spec: CacheSpec) {
    this.#entries = cache<HeldView<T>>(spec);
  }

  /**
   * Asks the backend with the version held for `key` as `known`, and gives the answer with the
   * value: the answer's own, kept under its version ("" keeps nothing), or (`valueOf` null, the
   * backend saying "what you hold") the held one; asked again without `known` if that went away
   * in the meantime.
   */
  async read<A extends { version: string }>(key: string, ask: (known?: string) => Promise<A>, valueOf: (answer: A) => T | null) {
    let answer = await ask(this.#entries.get(key)?.version);
    let held = this.#hold(key, answer.version, valueOf(answer));
    if (!held) {
      answer = await ask();
      held = this.#hold(key, answer.version, valueOf(answer));
    }
    if (!held) throw new Error(`${key}: the backend answered no value to a read without known`);
    return { answer, held };
  }

  #hold(key: string, version: string, value: T | null): HeldView<T> | null {
    const kept = this.#entries.get(key);
    this.#entries.delete(key);
    const entry = value !== null ? { version, value, html: new Map<string, Fragment>() } : kept?.version === version ? kept : null;
    if (!entry || version === "") return entry;
    return this.#entries.set(key, entry);
  }

  /** The HTML of `variant`, rendered once per version (with its bytes and classes, see fragments.server.ts). */
  html(entry: HeldView<T>, variant: string, render: () => string): Fragment {
    let html = entry.html.get(variant);
    if (html === undefined) {
      html = new Fragment(render());
      entry.html.set(variant, html);
    }
    return html;
  }
}
