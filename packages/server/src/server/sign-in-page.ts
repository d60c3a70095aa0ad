// The sign-in form served instead of the settings page to a browser without a session: plain HTML,
// no script, no inline style (the page's CSP forbids both), and never the token.

/** Why the form is shown, as its first paragraph says. */
export type SignInReason = "no-session" | "code-refused" | "token-refused";

const MESSAGES: Record<SignInReason, string> = {
  "no-session": "This browser is not signed in to this Skillbox server.",
  "code-refused": "This sign-in link was already used or has expired (links work once, for 15 minutes).",
  "token-refused": "That token is not this server's token.",
};

/** The form's HTML; it posts the token to `/login`, which sets the session cookie and returns to `/`. */
export function renderSignInPage(reason: SignInReason): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="color-scheme" content="light" />
    <link rel="icon" href="data:," />
    <title>Skillbox · Sign in</title>
  </head>
  <body>
    <main data-testid="sign-in">
      <h1>Sign in to Skillbox</h1>
      <p role="${reason === "no-session" ? "status" : "alert"}" data-reason="${reason}">${MESSAGES[reason]}</p>
      <p>Open the sign-in link that <code>skillbox serve</code> printed, or paste the token from
        <code>~/.skillbox/token</code> (or <code>SKILLBOX_TOKEN</code>).</p>
      <form method="post" action="/login">
        <label for="token">Token</label>
        <input id="token" name="token" type="password" autocomplete="current-password" required />
        <button type="submit">Sign in</button>
      </form>
    </main>
  </body>
</html>
`;
}
