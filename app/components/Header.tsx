import { Form, Link } from "@remix-run/react";
import type { SessionUser } from "#core/contract/auth";

export function Header({ user }: { user: SessionUser | null }) {
  return (
    <header className="site-header">
      <Link to="/inicio" className="brand">
        <img src="/logo.svg" alt="" width="28" height="28" />
        <span>Quiniela de peñas</span>
      </Link>
      <nav aria-label="Cuenta" className="header-nav">
        <Link to="/informacion" className="icon-link" title="Información">
          <span aria-hidden="true">ⓘ</span>
          <span className="sr-only">Información</span>
        </Link>
        {user ? (
          <>
            <Link to="/perfil" className="me">
              <img src={user.avatarPath || "/default-avatar.png"} alt="" width="32" height="32" className="avatar" />
              <span>{user.username}</span>
            </Link>
            <Form method="post" action="/logout">
              <button type="submit" className="button-link">
                Cerrar sesión
              </button>
            </Form>
          </>
        ) : (
          <>
            <span className="guest">Invitado</span>
            <Link to="/login">Iniciar sesión</Link>
          </>
        )}
      </nav>
    </header>
  );
}
