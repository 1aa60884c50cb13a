import { AUDIT_FIELDS, auditActionLabel, type AuditEntry } from "#core/contract/audit";
import { formatDateTime } from "#core/dates";

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** A stored value as a person reads it: dates in Madrid time, Sí/No, lists joined. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "Sí" : "No";
  if (typeof value === "string" && ISO_INSTANT.test(value)) return formatDateTime(value);
  if (Array.isArray(value)) return value.map(shown).join(" · ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** The fields that changed, or every field of a creation or a removal. */
function changes(entry: AuditEntry): { field: string; before: string | null; after: string | null }[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const both = entry.before && entry.after;
  return keys
    .filter((k) => !both || k === "username" || JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map((k) => ({
      field: AUDIT_FIELDS[k] ?? k,
      before: entry.before && k in before ? shown(before[k]) : null,
      after: entry.after && k in after ? shown(after[k]) : null,
    }));
}

/**
 * The audit trail (docs/decisions/015), newest first, as a statement (decision 042): an entry is one
 * line (when, what, on what), who and the values before and after folded under it; a page at a time,
 * `olderHref` and `newestHref` leading to the next page and back to the newest.
 */
export function AuditTrail({
  entries,
  showGroup = false,
  title = "Registro de cambios",
  olderHref = null,
  newestHref = null,
  folded = false,
}: {
  entries: AuditEntry[];
  showGroup?: boolean;
  title?: string;
  olderHref?: string | null;
  newestHref?: string | null;
  /** Under a closed «Ver los cambios» (the group's settings, decision 069); open while paging back. */
  folded?: boolean;
}) {
  const list = (
    <>
      {entries.length === 0 ? (
        <p className="muted">Todavía no hay cambios registrados.</p>
      ) : (
        <ol className="statement audit-list">
          {entries.map((entry) => (
            <li key={entry.id} className={entry.late ? "late" : undefined}>
              <details>
                <summary>
                  <time className="statement-date" dateTime={entry.at}>
                    {formatDateTime(entry.at)}
                  </time>
                  <span className="statement-what">
                    <strong>{auditActionLabel(entry.action)}</strong>
                    {entry.subject ? ` · ${entry.subject}` : null}
                    {showGroup ? ` · ${entry.groupName ?? "Catálogo (todos los grupos)"}` : null}
                  </span>
                  {entry.late ? <span className="badge warn">Tardío</span> : null}
                </summary>
                <p className="muted">por {entry.actorName || "usuario eliminado"}</p>
                {changes(entry).length ? (
                  <dl className="audit-changes">
                    {changes(entry).map((c) => (
                      <div key={c.field}>
                        <dt>{c.field}:</dt>{" "}
                        <dd>
                          {c.before !== null && c.after !== null ? (
                            <>
                              <del>{c.before}</del> → <ins>{c.after}</ins>
                            </>
                          ) : (
                            (c.after ?? c.before)
                          )}
                        </dd>
                      </div>
                    ))}
                  </dl>
                ) : null}
              </details>
            </li>
          ))}
        </ol>
      )}
      {olderHref || newestHref ? (
        <nav className="pager" aria-label="Páginas del registro de cambios">
          {newestHref ? <a href={newestHref}>Lo más reciente</a> : null}
          {olderHref ? <a href={olderHref}>Cambios anteriores</a> : null}
        </nav>
      ) : null}
    </>
  );
  return (
    <section className="stack" aria-labelledby="audit-title">
      <h2 id="audit-title">{title}</h2>
      {folded && entries.length ? (
        <details className="fold" open={newestHref ? true : undefined}>
          <summary>Ver los cambios</summary>
          {list}
        </details>
      ) : (
        list
      )}
    </section>
  );
}
