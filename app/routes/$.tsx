import { redirect } from "@remix-run/node";

// Any unknown path goes to /login (docs/architecture.md#screens-and-who-reaches-them); a signed-in visitor continues from there to /inicio.
export const loader = () => redirect("/login");
export const action = () => redirect("/login");
