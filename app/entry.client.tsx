import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

// The page came with its used rules inline and the whole sheet as a link that does not apply
// (media="print", so it held no paint, decision 038): now that classes can change, it applies.
for (const link of document.querySelectorAll<HTMLLinkElement>("link[data-inlined]")) link.media = "all";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
