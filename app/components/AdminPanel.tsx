import { Link } from "@remix-run/react";

/** The admin panel of /inicio (docs/architecture.md#screens-and-who-reaches-them): one button per admin task, plus seasons (the pool editor needs one). */
export function AdminPanel() {
  const links: [string, string][] = [
    ["/crear-temporada", "Crear temporada"],
    ["/crear-quiniela", "Crear quiniela"],
    ["/crear-grupo", "Crear grupo"],
    ["/admin/roles", "Gestionar roles"],
    ["/establecer-resultados/1", "Establecer resultados"],
    ["/admin/crear-usuario", "Crear usuario"],
    ["/team", "Equipos"],
    ["/call-quiniela", "Consultar resultados Loterías"],
    ["/admin/auditoria", "Registro de cambios"],
  ];
  return (
    <nav aria-label="Administración">
      <ul className="cards">
        {links.map(([to, label]) => (
          <li key={to}>
            <Link to={to} className="button">
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
