import type { Submission, SubmissionResult } from "@conform-to/react";
import { attempt, type Failure } from "./client.server";

type Sent<T> = { ok: true; value: T } | { ok: false; failure: Failure; reply: SubmissionResult<string[]> };

/**
 * The backend call of a form's action, after its schema has passed: the answer, or the form
 * answered back with what went wrong for the whole form (`describe` words it, usually around the
 * backend's own Spanish message). Password fields are left out of the reply with `hideFields`.
 */
export async function submitToBackend<T>(
  submission: Pick<Submission<unknown>, "reply">,
  call: () => Promise<T>,
  describe: (failure: Failure) => string | string[],
  options: { hideFields?: string[]; resetForm?: boolean } = {},
): Promise<Sent<T>> {
  const outcome = await attempt(call);
  if (outcome.ok) return outcome;
  return { ok: false, failure: outcome, reply: submission.reply({ formErrors: [describe(outcome)].flat(), ...options }) };
}

/** The first problem a schema found, for the small forms (a button and hidden inputs) that show one message. */
export function firstError(submission: Pick<Submission<unknown>, "status"> & { error?: Record<string, string[] | null> | null }): string {
  return Object.values(submission.error ?? {}).flatMap((messages) => messages ?? [])[0] ?? "Datos no válidos.";
}
