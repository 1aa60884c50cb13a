import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { LoginAnswer, looksLikeEmail, type SessionUser } from "#core/contract/auth";
import { api } from "~/server/shelf/client.server";

export type SignedIn = { user: SessionUser; token: string };

let authenticator: Authenticator<SignedIn> | null = null;

/** remix-auth's form strategy; its verify step is the backend's POST /auth/login. */
export function auth() {
  if (authenticator) return authenticator;
  authenticator = new Authenticator<SignedIn>();
  authenticator.use(
    new FormStrategy(async ({ form, request }) => {
      const identifier = String(form.get("identifier") ?? "").trim();
      const password = String(form.get("password") ?? "");
      const body = looksLikeEmail(identifier) ? { email: identifier, password } : { username: identifier, password };
      const { token, ...user } = await api.post(request, "/auth/login", body, LoginAnswer);
      return { user, token };
    }),
    "form",
  );
  return authenticator;
}
