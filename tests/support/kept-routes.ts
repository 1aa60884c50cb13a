import * as live from "~/routes/grupo.$groupId.directo";
import * as standings from "~/routes/grupo.$groupId.temporada.$seasonId.clasificacion";
import * as results from "~/routes/grupo.$groupId.resultados-y-apuestas";
import * as predictions from "~/routes/grupo.$groupId.predictions";
import * as kiosk from "~/routes/kiosk.$token";

/** The build's routes as Remix makes them of app/routes' file names, with the route modules' own handles. */
export const routes = {
  root: { path: "", module: {} },
  "routes/grupo.$groupId.directo": { parentId: "root", path: "grupo/:groupId/directo", module: { handle: live.handle } },
  "routes/grupo.$groupId.temporada.$seasonId.clasificacion": {
    parentId: "root",
    path: "grupo/:groupId/temporada/:seasonId/clasificacion",
    module: { handle: standings.handle },
  },
  "routes/grupo.$groupId.resultados-y-apuestas": { parentId: "root", path: "grupo/:groupId/resultados-y-apuestas", module: { handle: results.handle } },
  "routes/grupo.$groupId.predictions": { parentId: "root", path: "grupo/:groupId/predictions", module: { handle: predictions.handle } },
  "routes/kiosk.$token": { parentId: "root", path: "kiosk/:token", module: { handle: kiosk.handle } },
};
