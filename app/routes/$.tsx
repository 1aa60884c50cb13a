import { redirect } from "@remix-run/node";

// Any unknown path goes to /login (spec section 2); a signed-in visitor continues from there to /inicio.
export const loader = () => redirect("/login");
export const action = () => redirect("/login");
