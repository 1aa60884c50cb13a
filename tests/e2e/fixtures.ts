import { test as base, expect, type Browser, type BrowserContext, type Response } from "@playwright/test";
import { readFileSync } from "node:fs";
import { HtmlValidate, type ConfigData } from "html-validate";
import { E2E } from "../support/e2e-env.mjs";

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
 * page) is checked by the W3C Nu HTML Checker (decision 055) and by html-validate against
 * .htmlvalidate.json (docs/decisions/029-html-validate.md),
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
    errors.push(...(await nuChecker(html, key)));
    const report = await validator.validateString(html, key);
    for (const message of report.results.flatMap((r) => r.messages)) {
      const at = html.slice(Math.max(0, message.offset - 60), message.offset + 100).replace(/\s+/g, " ");
      errors.push(`${key}: ${message.ruleId}: ${message.message}\n    …${at}…`);
    }
  }
  expect(errors, "html-validate: errors in the documents this test loaded").toEqual([]);
}

/**
 * What the W3C Nu HTML Checker (the reference validator, run as a local service by the Playwright
 * config) finds wrong in a document: its errors, less the false positives decision 055 lists.
 */
async function nuChecker(html: string, key: string): Promise<string[]> {
  const response = await fetch(`${E2E.vnuUrl}/?out=json`, {
    method: "POST",
    headers: { "content-type": "text/html; charset=utf-8" },
    body: html,
  });
  const { messages } = (await response.json()) as { messages: NuMessage[] };
  return messages
    .filter((m) => m.type === "error" || m.type === "non-document-error")
    .filter((m) => !nuFalsePositives.some((known) => known.test(m.message)))
    .map((m) => `${key}: Nu checker: ${m.message}\n    …${m.extract ?? ""}…`);
}

interface NuMessage {
  type: string;
  message: string;
  extract?: string;
}

/** Messages of the Nu checker that are its own gaps, not the page's: each with its reason in decision 055. */
const nuFalsePositives: RegExp[] = [
  // Its CSS parser predates CSS Transitions Level 2: it knows neither `transition-behavior` nor the
  // `allow-discrete` keyword of the `transition` shorthand (the login's waiting screen, decision 004).
  /^CSS: “transition-behavior”: Property “transition-behavior” doesn't exist\.$/,
  /^CSS: “transition”: “allow-discrete” is not a “transition” value\.$/,
];

export const test = base.extend<{ htmlValidate: void }>({
  htmlValidate: [async ({ browser, context }, use) => watchDocuments(browser, context, use), { auto: true }],
});

export { expect };
