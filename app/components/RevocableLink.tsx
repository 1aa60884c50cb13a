import { Form } from "@remix-run/react";
import { formatDateTime } from "#core/dates";

/**
 * One read-only link of a group (an office screen, a public page): its address to copy, a way to
 * open it and the form that revokes it, posted to `action` with `intent` and the link's id.
 */
export function RevocableLink({
  link,
  label,
  what,
  action,
  intent,
}: {
  link: { id: number; url: string; createdAt: string; createdBy: string | null };
  /** What starts the label, before the date it was made ("Enlace creado el", "Clasificación, creado el"). */
  label: string;
  /** What the link shows, for the names of its buttons ("la pantalla", "Clasificación"). */
  what: string;
  action: string;
  intent: string;
}) {
  const id = `${intent}-${link.id}`;
  return (
    <li className="kiosk-link">
      <label htmlFor={id}>
        {label} {formatDateTime(link.createdAt)}
        {link.createdBy ? ` por ${link.createdBy}` : ""}
      </label>
      <div className="row">
        <input id={id} type="url" readOnly value={link.url} />
        <a href={link.url} target="_blank" rel="noopener noreferrer">
          Abrir<span className="sr-only"> {what}</span>
        </a>
        <Form method="post" action={action}>
          <input type="hidden" name="linkId" value={link.id} />
          <button type="submit" name="intent" value={intent} className="danger" aria-label={`Revocar el enlace de ${what}`}>
            Revocar
          </button>
        </Form>
      </div>
    </li>
  );
}
