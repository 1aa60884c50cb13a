import { Link } from "@remix-run/react";

/** A guarded screen whose content a later issue builds. */
export function Pending({ title }: { title: string }) {
  return (
    <main className="page">
      <h1>{title}</h1>
      <p className="notice">Esta pantalla todavía se está preparando.</p>
      <p>
        <Link to="/inicio">Volver al inicio</Link>
      </p>
    </main>
  );
}
