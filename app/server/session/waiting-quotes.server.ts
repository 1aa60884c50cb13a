import { readFile } from "node:fs/promises";
import path from "node:path";

export interface LoadingPhrase {
  text: string;
  author: string;
}

let cache: LoadingPhrase[] | null = null;

/** The wait screen's quotes, from the static /phrases.json. */
export async function loadingPhrases(): Promise<LoadingPhrase[]> {
  if (cache) return cache;
  try {
    cache = JSON.parse(await readFile(path.resolve("public/phrases.json"), "utf8")) as LoadingPhrase[];
  } catch {
    cache = [];
  }
  return cache;
}
