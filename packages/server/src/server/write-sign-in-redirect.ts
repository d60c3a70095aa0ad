// `serve --open`: a private HTML file that forwards the browser to a one-time sign-in link, so the
// link never shows up in the opener's command line (which other local users can read).
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

/** The file written, as a `file:` URL to open, and how to remove it. */
export interface SignInRedirect {
  url: string;
  remove(): void;
}

/** Writes `<directory>/open-<random>.html` (mode 0600, folder 0700) that redirects to `loginUrl`. */
export function writeSignInRedirect(directory: string, loginUrl: string): SignInRedirect {
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  const file = join(directory, `open-${randomBytes(6).toString("hex")}.html`);
  const target = loginUrl.replaceAll("&", "&amp;").replaceAll('"', "&quot;");
  writeFileSync(
    file,
    `<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${target}"><title>Skillbox</title><a href="${target}">Open Skillbox</a>\n`,
    { mode: 0o600, flag: "wx" },
  );
  return { url: pathToFileURL(file).toString(), remove: () => rmSync(file, { force: true }) };
}
