// The spec names both /register and /registro: the same screen, posting to /register.
export { default, loader, meta } from "./register";
