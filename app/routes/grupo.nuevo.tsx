// The new-group button's path: the same screen as /crear-grupo.
export { action, default, loader, meta } from "./crear-grupo";
