import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { RouteHandle } from "~/route-handle";
import { requireUser } from "~/server/shelf/session.server";

// Read-only: plain HTML with no Remix script nor hydration data (docs/decisions/022).
export const handle: RouteHandle = { scripts: false };

export const meta: MetaFunction = () => [{ title: "Información para usuarios · Quiniela de peñas" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

/** The tabs of /informacion (docs/architecture.md#screens-and-who-reaches-them): the hash chooses one, CSS `:target` shows it (no script needed). */
const TABS = [
  { id: "funciona", label: "Participación" },
  { id: "clasificacion", label: "Clasificación" },
  { id: "resultados", label: "Resultados" },
  { id: "evolucion", label: "Evolución" },
  { id: "logros", label: "Logros" },
  { id: "faq", label: "FAQ" },
  { id: "contacto", label: "Contacto" },
] as const;

export default function Information() {
  return (
    <main className="page info">
      <h1>Información para usuarios</h1>
      <nav aria-label="Secciones de la información" className="info-tabs">
        <ul>
          {TABS.map((tab) => (
            <li key={tab.id}>
              <a href={`#${tab.id}`}>{tab.label}</a>
            </li>
          ))}
        </ul>
      </nav>
      <p className="info-intro">Pulsa en una de las secciones de arriba para ver su contenido.</p>

      <section id="funciona" className="info-section card" aria-labelledby="funciona-title">
        <h2 id="funciona-title">Participación: cómo funciona</h2>
        <p>
          Una quiniela es el boleto de una jornada de Liga: 14 partidos en los que se marca <strong>1</strong> (gana el de casa), <strong>X</strong> (empate) o{" "}
          <strong>2</strong> (gana el de fuera), y un partido 15, el <strong>pleno al quince</strong>, en el que se acierta el resultado exacto (goles de cada
          equipo).
        </p>
        <ol>
          <li>Entra en tu peña con el código de invitación que te da su gestor.</li>
          <li>
            Cada semana, mientras la jornada está abierta, ve a <em>Pronósticos</em> y marca un signo en cada uno de los 14 partidos y el resultado del pleno.
            Si el gestor ha elegido un tipo con dobles o triples, marca dos o tres signos en tantos partidos como pida.
          </li>
          <li>Puedes cambiar tu pronóstico hasta el cierre. Después nadie puede tocarlo, y entonces se ven los pronósticos de todos.</li>
        </ol>
        <p>
          Aquí no se apuesta dinero: la quiniela que se juega de verdad es la de la web de Loterías y Apuestas del Estado. Con los pronósticos de los mejores de
          la peña, el gestor forma la <strong>quiniela grupal</strong> y la sella en esa web en nombre de todos.
        </p>
      </section>

      <section id="clasificacion" className="info-section card" aria-labelledby="clasificacion-title">
        <h2 id="clasificacion-title">Clasificación</h2>
        <p>Cuando se conocen los resultados oficiales de una jornada, cada pronóstico suma puntos:</p>
        <ul>
          <li>Acierto con un solo signo: 1 punto.</li>
          <li>Acierto con un doble (dos signos): 0,75 puntos.</li>
          <li>Triple: 0 puntos, porque no puede fallar.</li>
          <li>Pleno al quince exacto: 5 puntos.</li>
        </ul>
        <p>Los puntos pueden cambiar de una temporada a otra; la tabla de cada temporada usa los suyos.</p>
        <p>
          Además de los puntos, la tabla muestra los aciertos y el porcentaje de acierto, y una puntuación <strong>Wilson</strong>: una estimación prudente de
          tu porcentaje que no premia a quien ha jugado pocas jornadas con suerte (límite inferior de Wilson con z = 1,96). Los{" "}
          <strong>5 primeros por Wilson</strong> aparecen destacados: son los que forman la quiniela grupal.
        </p>
        <p>Junto a los nombres pueden salir cuatro iconos:</p>
        <ul>
          <li>Burro: el líder de la clasificación por puntos.</li>
          <li>Piña: quien tiene menos puntos (sin contar a quien aún no tiene ninguno).</li>
          <li>Bola: quien más aciertos tuvo en la última jornada con resultados.</li>
          <li>Rinoceronte: quien menos aciertos tuvo en esa jornada.</li>
        </ul>
      </section>

      <section id="resultados" className="info-section card" aria-labelledby="resultados-title">
        <h2 id="resultados-title">Resultados y apuestas</h2>
        <p>
          En <em>Resultados y apuestas</em> eliges una jornada con resultados oficiales y ves los aciertos de la quiniela grupal sobre 15, la media de aciertos
          de la peña, cómo se repartieron los signos oficiales y el MVP (quien más aciertos tuvo, si fue uno solo).
        </p>
        <p>
          Debajo, partido a partido, el signo que jugó la peña, cuántos votos tuvo cada signo y si se acertó; y los pronósticos de cada jugador con sus
          aciertos. Un acierto cuenta cuando el signo oficial está entre los que marcaste, y el pleno exacto suma uno más.
        </p>
      </section>

      <section id="evolucion" className="info-section card" aria-labelledby="evolucion-title">
        <h2 id="evolucion-title">Evolución de la quiniela grupal</h2>
        <p>
          La gráfica de evolución enseña los aciertos de la quiniela grupal jornada a jornada, con la media general en línea discontinua. Pulsa un punto para ir
          a esa jornada.
        </p>
        <p>
          También verás las rachas (jornadas seguidas con 10 aciertos o más), las mejores y peores jornadas, cuántas veces se ha acertado el pleno y cuántas
          jornadas han terminado con cada número de aciertos.
        </p>
      </section>

      <section id="logros" className="info-section card" aria-labelledby="logros-title">
        <h2 id="logros-title">Logros</h2>
        <p>
          Los premios y castigos se reparten al final de la temporada. Los iconos y los premios de oficina son solo para los jugadores de la oficina de
          informática; el premio absoluto es para toda la peña.
        </p>
        <h3>Premios</h3>
        <p>
          Si la quiniela grupal gana un premio en Loterías, se reparte entre todos los participantes: la estimación es de unos 8 a 10 € por participante. En la
          oficina, el mejor de la temporada recibe además un regalo de unos 5 €.
        </p>
        <h3>Castigos</h3>
        <p>
          La piña no es solo un icono: quien entra menos de 4 veces en un mes se lleva la penalización de la piña, que decide la oficina al cerrar la temporada.
        </p>
        <h3>Plus</h3>
        <p>
          Estar entre los 5 primeros por Wilson te mete en la quiniela grupal: tus signos cuentan en la apuesta de verdad, y cada acierto de la peña es un poco
          tuyo.
        </p>
        <h3>Continuidad</h3>
        <p>
          Los participantes vitalicios no tienen que ganarse el sitio cada año, pero deben mantener un porcentaje de acierto por encima de la media durante dos
          temporadas seguidas para conservar ese título.
        </p>
      </section>

      <section id="faq" className="info-section card" aria-labelledby="faq-title">
        <h2 id="faq-title">Preguntas frecuentes</h2>
        <dl>
          <dt>¿Qué pasa si no envío pronóstico en una jornada?</dt>
          <dd>
            No sumas puntos esa jornada. Para que no se te pase, te enviamos un email antes del cierre si aún no has pronosticado; puedes desactivarlo en tu
            perfil.
          </dd>
          <dt>¿Puedo cambiar mi pronóstico?</dt>
          <dd>Sí, todas las veces que quieras hasta que la jornada cierre.</dd>
          <dt>¿Cuándo veo lo que han marcado los demás?</dt>
          <dd>Cuando la jornada ha cerrado. Antes, nadie ve los signos de nadie; el gestor solo ve quién ha pronosticado.</dd>
          <dt>¿Por qué no me deja pronosticar?</dt>
          <dd>La jornada aún no está abierta, ya ha cerrado, o el gestor te ha bloqueado en ella. La pantalla de pronósticos te dice cuál.</dd>
          <dt>¿Cuántos goles puedo poner en el pleno al quince?</dt>
          <dd>De 0 a 10 por equipo (en el editor de la quiniela grupal, de 0 a 9).</dd>
          <dt>¿Dónde se juega el dinero?</dt>
          <dd>En la web de Loterías y Apuestas del Estado, con la quiniela grupal. En esta aplicación no se paga nada.</dd>
        </dl>
      </section>

      <section id="contacto" className="info-section card" aria-labelledby="contacto-title">
        <h2 id="contacto-title">Contacto</h2>
        <p>
          Para todo lo de tu peña (jornadas, bloqueos, la quiniela grupal) habla con su gestor: aparece en la página del grupo. Para crear cuentas, temporadas o
          quinielas, o si algo no funciona, escribe al administrador de la aplicación.
        </p>
        <p>
          ¿Has olvidado la contraseña? Pídela en <a href="/forgot-password">Recuperar contraseña</a>; desde tu <a href="/perfil">perfil</a> puedes cambiarla,
          cambiar tu avatar y tus recordatorios.
        </p>
      </section>
    </main>
  );
}
