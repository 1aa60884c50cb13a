/**
 * Whether an error message reads as Spanish rather than a library's English default: not empty,
 * and none of the English words those defaults are made of ("Expected string, received number",
 * "Required", "Invalid date", "Bad Request", "Unsupported Media Type"…).
 */
const ENGLISH =
  /\b(expected|required|invalid|received|must|should|cannot|unexpected|not found|bad request|unsupported|too large|payload|body|the|is|of|to|and|string|number|boolean|object|undefined|error:|internal server)\b/i;

export function isSpanishMessage(message: string): boolean {
  // A name the request itself sent, quoted «así» («No se admite el dato «required».»), is the caller's word, not ours.
  const ours = message.replace(/«[^»]*»/g, "«…»");
  return message.trim().length > 0 && !ENGLISH.test(ours);
}
