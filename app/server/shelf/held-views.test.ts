import { describe, expect, it } from "vitest";
import { HeldViews } from "~/server/shelf/held-views.server";

/** A test's own held views of at most `max` keys. */
const held = (max: number) => ({ name: "test", max, order: "lru" }) as const;

/** A backend that names its rows `v<n>` and answers null to a caller that knows the current one. */
function backend() {
  const state = { version: "v1", rows: ["ana", "bea"], asked: [] as (string | undefined)[] };
  const ask = async (known?: string) => {
    state.asked.push(known);
    return { version: state.version, rows: known === state.version ? null : [...state.rows] };
  };
  return { state, ask };
}

describe("HeldViews", () => {
  it("sends the held version and keeps what it holds while the backend says it still holds", async () => {
    const views = new HeldViews<string[]>(held(4));
    const { state, ask } = backend();
    const first = await views.read("g1", ask, (a) => a.rows);
    expect(first.held.value).toEqual(["ana", "bea"]);
    const second = await views.read("g1", ask, (a) => a.rows);
    expect(second.answer.rows).toBeNull();
    expect(second.held).toBe(first.held);
    expect(state.asked).toEqual([undefined, "v1"]);
  });

  it("takes the new rows, and renders again, when the version changed", async () => {
    const views = new HeldViews<string[]>(held(4));
    const { state, ask } = backend();
    const first = await views.read("g1", ask, (a) => a.rows);
    let renders = 0;
    const render = (held: typeof first.held) => views.html(held, "points", () => `<p>${held.value.join(",")} ${++renders}</p>`).html;
    expect(render(first.held)).toBe("<p>ana,bea 1</p>");
    expect(render((await views.read("g1", ask, (a) => a.rows)).held)).toBe("<p>ana,bea 1</p>");
    state.version = "v2";
    state.rows = ["bea", "ana"];
    expect(render((await views.read("g1", ask, (a) => a.rows)).held)).toBe("<p>bea,ana 2</p>");
  });

  it("asks again without known when what it held went away between the question and the answer", async () => {
    const views = new HeldViews<string[]>(held(1));
    const { state, ask } = backend();
    const slow = (known?: string) => new Promise<Awaited<ReturnType<typeof ask>>>((resolve) => setTimeout(() => resolve(ask(known)), 20));
    await views.read("g1", ask, (a) => a.rows);
    // g2 pushes g1 out while g1's question (with known v1) is on its way.
    const pending = views.read("g1", slow, (a) => a.rows);
    await views.read("g2", ask, (a) => a.rows);
    expect((await pending).held.value).toEqual(["ana", "bea"]);
    expect(state.asked).toEqual([undefined, undefined, "v1", undefined]);
  });

  it("keeps at most `max` keys, the least recently viewed out first, and nothing under an empty version", async () => {
    const views = new HeldViews<string[]>(held(2));
    const { state, ask } = backend();
    for (const key of ["a", "b", "a", "c"]) await views.read(key, ask, (x) => x.rows);
    state.asked.length = 0;
    for (const key of ["a", "b"]) await views.read(key, ask, (x) => x.rows);
    // "b" was the least recently viewed when "c" came in.
    expect(state.asked).toEqual(["v1", undefined]);
    state.version = "";
    state.asked.length = 0;
    await views.read("d", ask, (x) => x.rows);
    await views.read("d", ask, (x) => x.rows);
    expect(state.asked).toEqual([undefined, undefined]);
  });
});
