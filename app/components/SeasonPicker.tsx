import { Form } from "@remix-run/react";

/**
 * A plain select of the group's seasons, sent by GET as ?temporada=<id> (no script needed); the
 * screen's loader turns it into its own URL. Nothing when there is only one season to show.
 */
export function SeasonPicker({
  seasons,
  selectedId,
  keep = {},
}: {
  seasons: { id: number; name: string }[];
  selectedId: number | null;
  keep?: Record<string, string>;
}) {
  if (seasons.length < 2) return null;
  return (
    <Form method="get" className="row picker">
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="temporada">Temporada</label>
      <select id="temporada" name="temporada" defaultValue={selectedId ?? undefined} key={selectedId ?? "none"}>
        {seasons.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
      <button type="submit" className="secondary">
        Ver temporada
      </button>
    </Form>
  );
}
