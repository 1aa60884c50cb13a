/* global document, HTMLTemplateElement, HTMLInputElement */
// Registro: 'Mostrar contraseñas' (docs/decisions/038). The checkbox can only work with a script, so
// the page holds it in a <template> (inert without one) and this puts it in place.
const template = document.getElementById("show-passwords");
const fields = [...document.querySelectorAll('input[autocomplete="new-password"]')];
const place = fields.at(-1)?.closest(".field");
if (template instanceof HTMLTemplateElement && place) {
  place.after(template.content.cloneNode(true));
  const box = place.nextElementSibling?.querySelector("input");
  if (box instanceof HTMLInputElement) {
    box.addEventListener("change", () => {
      for (const field of fields) field.setAttribute("type", box.checked ? "text" : "password");
    });
  }
}
