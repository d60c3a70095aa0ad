// `GET /login?code=…` (the one-time link `skillbox serve` prints) and `POST /login` (the token from the
// sign-in form or JSON): both open a session cookie bound to this Host and port, then return to `/`.
// Nothing here is per process: any instance sharing the token accepts the cookie (sign-in-sessions.ts).
import type { Context, Hono } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { HttpError } from "./error-response.js";
import { createTokenMatcher, requestHost } from "./guard-request.js";
import { mediaType, readJsonBody } from "./read-json-body.js";
import { renderSignInPage, type SignInReason } from "./sign-in-page.js";
import { type SignInSessions, sessionCookieName } from "./sign-in-sessions.js";

export interface SignInRouteOptions {
  sessions: SignInSessions;
  token: string;
  /** The listening port (the cookie's name carries it when the Host header names no port), once known. */
  port: () => number | undefined;
}

/** Sign-in as seen by the rest of the app. */
export interface SignIn {
  /** True when the request carries a session cookie opened on its Host (renewed on the response when due). */
  hasSession(context: Context): boolean;
  /** The sign-in form as a response (401 for a page asked for without a session). */
  respondWithForm(context: Context, reason: SignInReason, status?: 200 | 401 | 403): Response;
  /** Adds `GET /login` and `POST /login`. */
  addRoutes(app: Hono): void;
}

/** The session check the guard and the page handler use, and the `/login` routes that open sessions. */
export function createSignIn(options: SignInRouteOptions): SignIn {
  const matchesToken = createTokenMatcher(options.token);
  // Named by the port the browser sees in Host (the proxy's, behind one), so every instance behind
  // one address reads the same cookie; the listening port only when Host names none.
  const cookieName = (c: Context) => sessionCookieName(portOf(requestHost(c)) ?? options.port());
  const setSessionCookie = (c: Context, value: string): void => {
    // No Max-Age: the cookie lasts for the browser session; the signed value carries its own expiry.
    setCookie(c, cookieName(c), value, { httpOnly: true, sameSite: "Strict", path: "/" });
    c.header("Cache-Control", "no-store");
  };

  const signIn: SignIn = {
    hasSession(c) {
      const check = options.sessions.checkSession(getCookie(c, cookieName(c)), requestHost(c));
      if (check.valid && check.renewed !== undefined) setSessionCookie(c, check.renewed);
      return check.valid;
    },
    respondWithForm(c, reason, status = 401) {
      c.header("Cache-Control", "no-store");
      // Under no-referrer a browser posts the form with `Origin: null`, which the guard refuses;
      // same-origin lets it send this server's origin, and sends nothing to any other site.
      c.header("Referrer-Policy", "same-origin");
      return c.html(renderSignInPage(reason), status);
    },
    addRoutes: (app) => addRoutes(app),
  };
  const openSession = (c: Context): void => setSessionCookie(c, options.sessions.openSession(requestHost(c)));

  const addRoutes = (app: Hono): void => {
    app.get("/login", async (c) => {
      const code = c.req.query("code");
      if (code === undefined || code === "") return signIn.respondWithForm(c, "no-session", 200);
      if (!(await options.sessions.redeemCode(code))) return signIn.respondWithForm(c, "code-refused", 403);
      openSession(c);
      // 303 to `/`: the code leaves the address bar (and it is spent anyway).
      return c.redirect("/", 303);
    });

    app.post("/login", async (c) => {
      const type = mediaType(c.req.header("content-type"));
      const form = type === "application/x-www-form-urlencoded";
      if (!form && type !== "application/json") {
        throw new HttpError(
          415,
          "unsupported-media-type",
          'Send the token as application/x-www-form-urlencoded (token=...) or application/json ({ "token": "..." }).',
        );
      }
      const token = form
        ? new URLSearchParams(await c.req.text()).get("token")
        : (await readJsonBody(c)).token;
      if (typeof token !== "string" || !matchesToken(token.trim())) {
        if (form) return signIn.respondWithForm(c, "token-refused");
        throw new HttpError(401, "unauthorized", "That token is not this server's token.");
      }
      openSession(c);
      return form ? c.redirect("/", 303) : c.json({ signedIn: true });
    });
  };

  return signIn;
}

/** The port a Host header names (`127.0.0.1:4317`, `[::1]:8080`), or undefined. */
function portOf(host: string): string | undefined {
  return /:(\d{1,5})$/.exec(host)?.[1];
}
