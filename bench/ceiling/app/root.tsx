import { Links, Meta, Outlet, Scripts } from "@remix-run/react";

// The root of a bare Remix v2 app, as the template writes it.
export default function App() {
  return (
    <html lang="es">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <Outlet />
        <Scripts />
      </body>
    </html>
  );
}
