import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useMatches, useRouteLoaderData } from "@remix-run/react";
import { useState } from "react";
import { Header } from "~/components/Header";
import { GeneralErrorBoundary } from "~/components/ErrorPage";
import { useNonce } from "~/components/nonce";
import { Toast } from "~/components/Toast";
import { enhancementsOf, headStylesOf, isBare, shipsNoScripts } from "~/route-handle";
import { getUser } from "~/server/shelf/session.server";
import { readToast } from "~/server/shelf/toast.server";
import stylesHref from "~/styles/app.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesHref },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [{ title: "Quiniela de peñas" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const [user, { toast, cookie }] = await Promise.all([getUser(request), readToast(request)]);
  return data({ user, toast }, cookie ? { headers: { "Set-Cookie": cookie } } : undefined);
}

function Document({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  // A route with `handle = { scripts: false }` ships no script and no hydration data (entry.server.tsx
  // drops the streamed data); `bare: true` (the office kiosk, the printed ticket) also shows no header.
  const matches = useMatches();
  const bare = isBare(matches);
  // Only a server render leaves them out: in a browser this code runs only in a hydrated document,
  // which keeps its scripts when it navigates to such a page.
  const noScripts = typeof document === "undefined" && shipsNoScripts(matches);
  return (
    <html lang="es">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <Meta />
        <InlinedStyles />
        <Links />
        {headStylesOf(matches).map(({ id, css }) => (
          <style key={id}>{css}</style>
        ))}
      </head>
      <body>
        <a href="#main" className="skip-link">
          Saltar al contenido
        </a>{" "}
        {bare ? null : <Header user={data?.user ?? null} />}
        {/* Keyed by its text, so a new message replaces the node and its 8 s fade starts again (with JavaScript). */}
        {data?.toast && !bare ? <Toast key={`${data.toast.kind}:${data.toast.text}`} toast={data.toast} /> : null}
        <div id="main">{children}</div>
        {bare ? null : (
          <footer className="site-footer">
            <a href="/privacidad">Privacidad</a>
          </footer>
        )}
        {noScripts ? (
          // Files of this site ('self' in the CSP): no nonce, so the page's bytes are the same on every
          // view and its ETag can match (decision 067).
          enhancementsOf(matches).map((src) => <script key={src} src={src} defer />)
        ) : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

/**
 * The used rules that entry.server.tsx put in front of the stylesheet's link (decision 038). The
 * server's React tree does not have them (they are added to its HTML); in the browser this renders
 * the same `<style>`s, read from the document once, so that hydration finds what it expects.
 */
function InlinedStyles() {
  const [styles] = useState(() =>
    typeof document === "undefined"
      ? []
      : [...document.querySelectorAll<HTMLStyleElement>("head > style[data-href]")].map((s) => ({ href: s.dataset.href ?? "", css: s.textContent ?? "" })),
  );
  return styles.map(({ href, css }) => <style key={href} data-href={href} dangerouslySetInnerHTML={{ __html: css }} />);
}

export default function App() {
  useLoaderData<typeof loader>();
  return (
    <Document>
      <Outlet />
    </Document>
  );
}

export function ErrorBoundary() {
  return (
    <Document>
      <GeneralErrorBoundary />
    </Document>
  );
}
