import { Form, Link } from "@remix-run/react";
import type { SessionUser } from "#core/contract/auth";

/** The `{" "}` between items are for browsers without CSS (w3m): the flex containers drop them. */
export function Header({ user }: { user: SessionUser | null }) {
  return (
    <header className="site-header">
      <Link to="/inicio" className="brand">
        <img src="/logo.svg" alt="" width="28" height="28" />
        <span>Quiniela de peñas</span>
      </Link>{" "}
      <nav aria-label="Cuenta" className="header-nav">
        {user ? (
          <>
            {/* /informacion is for signed-in users only: a guest would only be sent to the sign-in page. */}
            <Link to="/informacion" className="icon-link" title="Información">
              <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                <circle cx="12" cy="12" r="10" />
                <path d="M12 11v6M12 7.5v.01" />
              </svg>
              <span className="sr-only">Información</span>
            </Link>{" "}
            <Link to="/perfil" className="me">
              <img src={user.avatarPath || "/default-avatar.png"} alt="" width="32" height="32" className="avatar" />
              <span>{user.username}</span>
            </Link>{" "}
            <Form method="post" action="/logout">
              <button type="submit" className="button-link">
                Cerrar sesión
              </button>
            </Form>
          </>
        ) : (
          <>
            <span className="guest">Invitado</span> <Link to="/login">Iniciar sesión</Link>
          </>
        )}
      </nav>
    </header>
  );
}
