import { whatsappUrl } from "#core/domain/share/share-text";

/** A plain link to WhatsApp with the text ready: no script, a new tab, no window.opener for it. */
export function ShareWhatsApp({ text, what }: { text: string; what: string }) {
  return (
    <p className="share-actions">
      <a className="button secondary" href={whatsappUrl(text)} target="_blank" rel="noopener noreferrer">
        Compartir {what} por WhatsApp<span className="sr-only"> (se abre en otra pestaña)</span>
      </a>
    </p>
  );
}
