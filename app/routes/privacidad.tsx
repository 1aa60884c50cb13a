import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PrivacyNotice } from "#core/contract/privacy";
import { textBlocks } from "~/components/privacy-text";
import type { RouteHandle } from "~/route-handle";
import { api, errorMessage } from "~/server/shelf/client.server";

// Read-only and public: plain HTML with no Remix script (decision 022).
export const handle: RouteHandle = { scripts: false };

export const meta: MetaFunction = () => [{ title: "Privacidad · Quiniela de peñas" }];

/** The privacy notice (RGPD articles 13 and 14, decision 085): its facts come from the backend's settings. */
export async function loader({ request }: LoaderFunctionArgs) {
  try {
    return { notice: await api.read(request, "/privacy", PrivacyNotice), error: null };
  } catch (error) {
    return { notice: null, error: errorMessage(error, "No se pudo cargar la información de privacidad.") };
  }
}

const days = (n: number) => (n === 1 ? "1 día" : `${n} días`);

export default function Privacy() {
  const { notice, error } = useLoaderData<typeof loader>();
  return (
    <main className="page privacy">
      <h1>Privacidad</h1>
      {notice ? (
        <>
          <Controller controller={notice.controller} />
          {notice.text ? <DeployerText text={notice.text} /> : <AppText mailRelay={notice.mailRelay} />}
          <Retention retention={notice.retention} />
        </>
      ) : (
        <p className="form-error">{error}</p>
      )}
    </main>
  );
}

function Controller({ controller }: { controller: PrivacyNotice["controller"] }) {
  const named = controller.name || controller.contactEmail || controller.address;
  return (
    <section className="card stack" aria-labelledby="responsable">
      <h2 id="responsable">Quién es el responsable</h2>
      {named ? (
        <dl>
          {controller.name ? (
            <>
              <dt>Responsable del tratamiento</dt>
              <dd>{controller.name}</dd>
            </>
          ) : null}
          {controller.address ? (
            <>
              <dt>Dirección</dt>
              <dd>{controller.address}</dd>
            </>
          ) : null}
          {controller.contactEmail ? (
            <>
              <dt>Contacto</dt>
              <dd>
                <a href={`mailto:${controller.contactEmail}`}>{controller.contactEmail}</a>
              </dd>
            </>
          ) : null}
          {controller.dpoEmail ? (
            <>
              <dt>Delegado de protección de datos</dt>
              <dd>
                <a href={`mailto:${controller.dpoEmail}`}>{controller.dpoEmail}</a>
              </dd>
            </>
          ) : null}
        </dl>
      ) : (
        <p>Quien gestiona esta instalación aún no ha indicado sus datos de contacto.</p>
      )}
    </section>
  );
}

/** The deployer's text (PRIVACY_TEXT_FILE), read by `textBlocks`; React escapes all of it. */
function DeployerText({ text }: { text: string }) {
  return (
    <section className="card stack" aria-label="Información de privacidad">
      {textBlocks(text).map((block, i) =>
        block.kind === "heading" ? (
          <h2 key={i}>{block.text}</h2>
        ) : block.kind === "list" ? (
          <ul key={i}>
            {block.items.map((item, j) => (
              <li key={j}>{item}</li>
            ))}
          </ul>
        ) : (
          <p key={i}>{block.text}</p>
        ),
      )}
    </section>
  );
}

function AppText({ mailRelay }: { mailRelay: string | null }) {
  return (
    <>
      <section className="card stack" aria-labelledby="que">
        <h2 id="que">Qué datos se guardan y para qué</h2>
        <ul>
          <li>
            <strong>Tu cuenta</strong>: nombre de usuario, e-mail, contraseña (solo su huella, nunca la contraseña), foto si la subes (sin sus metadatos) y tus
            preferencias de avisos.
          </li>
          <li>
            <strong>Lo que haces en tus peñas</strong>: pronósticos, puntos, pagos y movimientos de la caja, frases y el registro de cambios que hacen gestores
            y administradores.
          </li>
          <li>
            <strong>Resguardos</strong>: las fotos del boleto sellado que sube quien lo sella o un gestor, sin sus metadatos (ni posición ni móvil), con quién
            las subió y cuándo. Solo las ven los miembros de la peña.
          </li>
          <li>
            <strong>Personas sin cuenta</strong>: cuando un gestor importa a su peña desde una hoja de cálculo, se guardan el nombre, el e-mail y el historial
            de esa persona en la peña, para que sus pronósticos y pagos sigan siendo suyos. Puede reclamarlos con el enlace que recibe por correo.
          </li>
          <li>
            <strong>Datos técnicos</strong>: la dirección IP de quien entra se usa para limitar los intentos de inicio de sesión; no se guarda con tus datos.
          </li>
        </ul>
        <h3>Base legal</h3>
        <ul>
          <li>Para quienes tienen cuenta: la ejecución del servicio que pides al registrarte (artículo 6.1.b del RGPD).</li>
          <li>
            Para las personas que un gestor importa sin cuenta: el interés legítimo de la peña en llevar sus cuentas y su clasificación (artículo 6.1.f del
            RGPD). Esos datos los aporta el gestor de la peña.
          </li>
        </ul>
      </section>
      <section className="card stack" aria-labelledby="quien-recibe">
        <h2 id="quien-recibe">Quién más los recibe</h2>
        {mailRelay ? (
          <p>
            Los correos (avisos, enlaces para entrar o cambiar la contraseña) salen por el servidor de correo <strong>{mailRelay}</strong>, que recibe la
            dirección y el contenido de cada mensaje.
          </p>
        ) : (
          <p>Nadie más: esta instalación no envía los correos a ningún servidor externo.</p>
        )}
        <p>Los demás miembros de tus peñas ven tu nombre y tus pronósticos, no tu e-mail.</p>
      </section>
      <section className="card stack" aria-labelledby="derechos">
        <h2 id="derechos">Tus derechos y cómo ejercerlos</h2>
        <ul>
          <li>
            <strong>Acceso y portabilidad</strong>: «Descargar mis datos» en tu <Link to="/perfil">perfil</Link>.
          </li>
          <li>
            <strong>Supresión</strong>: «Eliminar mi cuenta» en tu <Link to="/perfil">perfil</Link>. Lo que otros necesitan (pronósticos pasados, importes de la
            caja) queda sin tu nombre.
          </li>
          <li>
            <strong>Rectificación</strong>: cambia tu foto y tus datos en el perfil, o pide al gestor de tu peña que corrija lo que lleva él.
          </li>
          <li>
            <strong>Oposición y dejar de recibir correos</strong>: desactiva los avisos en tu perfil, usa el enlace para darte de baja de cada correo o escribe
            al responsable. Si una peña te apuntó sin que tengas cuenta, ese enlace te deja elegir entre no recibir ningún correo más de esta aplicación (solo
            guardamos una huella cifrada de tu dirección, para reconocerla si otra peña vuelve a apuntarla) o decir que no eres miembro de esa peña: borramos tu
            dirección y se lo decimos a su gestor.
          </li>
          <li>
            <strong>Reclamación</strong>: si crees que no se respetan tus derechos, puedes reclamar ante la Agencia Española de Protección de Datos (AEPD),{" "}
            <a href="https://www.aepd.es">www.aepd.es</a>.
          </li>
        </ul>
      </section>
    </>
  );
}

function Retention({ retention }: { retention: PrivacyNotice["retention"] }) {
  return (
    <section className="card stack" aria-labelledby="cuanto">
      <h2 id="cuanto">Cuánto tiempo se guardan</h2>
      <ul>
        <li>Tu cuenta y tu historial en las peñas: mientras tengas la cuenta.</li>
        <li>Las sesiones abiertas: {days(retention.sessionDays)}; caducadas, se borran.</li>
        <li>Los enlaces para cambiar la contraseña: {retention.resetLinkMinutes} minutos; caducados, se borran.</li>
        <li>
          Las fotos de los resguardos: con su jornada, mientras la peña guarde sus datos; si quien la subió borra su cuenta, la foto se queda sin su nombre.
        </li>
        <li>Las hojas de cálculo que sube un gestor para importar: {retention.draftHours} horas; después se borran.</li>
        <li>Las copias de los correos enviados que se guardan en el servidor: {days(retention.outboxDays)}.</li>
        <li>Las direcciones IP que se guarden junto a una petición: {days(retention.clientAddressDays)}.</li>
      </ul>
      <p>Un proceso automático borra lo que ha pasado su plazo cada hora.</p>
    </section>
  );
}
