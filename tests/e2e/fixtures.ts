import { test as base, expect, type Browser, type BrowserContext, type Response } from "@playwright/test";
import { readFileSync } from "node:fs";
import { HtmlValidate, type ConfigData } from "html-validate";

// The specs import `test` and `expect` from here instead of "@playwright/test": everything else is
// Playwright's own, and `test` adds the HTML check below to every test.
export * from "@playwright/test";

const config = JSON.parse(readFileSync(new URL("../../.htmlvalidate.json", import.meta.url), "utf8")) as ConfigData;
const validator = new HtmlValidate(config);

/** Documents this worker has already checked ("GET http://…/login"): each distinct one once. */
const checked = new Set<string>();

const isDocument = (response: Response) => {
  const request = response.request();
  const status = response.status();
  return (
    request.isNavigationRequest() &&
    request.frame().parentFrame() === null &&
    (status < 300 || status >= 400) &&
    (response.headers()["content-type"] ?? "").startsWith("text/html")
  );
};

/**
 * Every HTML document the test's pages load (a navigation, a form posted without JavaScript, an error
 * page) is checked by html-validate against .htmlvalidate.json (docs/decisions/029-html-validate.md),
 * once per method and URL in this worker, and must hold no NUL byte. A document with errors fails the test, listing them.
 * Pages of contexts the test opens itself (the kiosk's TV, a second visitor) are watched too.
 */
async function watchDocuments(browser: Browser, context: BrowserContext, runTest: () => Promise<void>) {
  const bodies = new Map<string, Promise<string | null>>();
  const watch = (ctx: BrowserContext) =>
    ctx.on("response", (response) => {
      if (!isDocument(response)) return;
      const key = `${response.request().method()} ${response.url()}`;
      if (checked.has(key) || bodies.has(key)) return;
      // Read at once: the body is gone once the page has moved on. A GET that went meanwhile is fetched again.
      const refetch = () => (response.request().method() === "GET" ? ctx.request.get(response.url()).then((r) => r.text()) : Promise.resolve(null));
      bodies.set(
        key,
        response
          .text()
          .catch(refetch)
          .catch(() => null),
      );
    });
  watch(context);
  const newContext = browser.newContext;
  browser.newContext = async (...args) => {
    const opened = await newContext.apply(browser, args);
    watch(opened);
    return opened;
  };
  try {
    await runTest();
  } finally {
    browser.newContext = newContext;
  }
  const errors: string[] = [];
  for (const [key, body] of bodies) {
    const html = await body;
    if (html === null) continue;
    checked.add(key);
    // React 18's Node renderer leaked U+0000 where a multibyte character met its buffer's edge (decision 054).
    const nul = html.indexOf("\0");
    if (nul >= 0) errors.push(`${key}: a NUL byte at ${nul}: …${html.slice(Math.max(0, nul - 40), nul + 40)}…`);
    const report = await validator.validateString(html, key);
    for (const message of report.results.flatMap((r) => r.messages)) {
      const at = html.slice(Math.max(0, message.offset - 60), message.offset + 100).replace(/\s+/g, " ");
      errors.push(`${key}: ${message.ruleId}: ${message.message}\n    …${at}…`);
    }
  }
  expect(errors, "html-validate: errors in the documents this test loaded").toEqual([]);
}

export const test = base.extend<{ htmlValidate: void }>({
  htmlValidate: [async ({ browser, context }, use) => watchDocuments(browser, context, use), { auto: true }],
});

export { expect };
