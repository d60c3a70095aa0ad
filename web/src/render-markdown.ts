// Renders a skill body to HTML with marked, never passing the skill's raw HTML or script URLs through.
import { Marked, type Tokens } from "marked";

/** How many levels skill headings are pushed down: `#` becomes `<h4>`. */
const headingOffset = 3;

const safeProtocols = new Set(["http:", "https:", "mailto:"]);

/** Escapes text for use in HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** The URL when it is absolute with a safe protocol (http, https, mailto); otherwise undefined. */
export function toSafeUrl(href: string): string | undefined {
  // Browsers ignore control characters and spaces inside a scheme (`java\tscript:`), so strip them first.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
  const compact = href.replace(/[\u0000-\u0020\u007f-\u009f]/g, "");
  let url: URL;
  try {
    url = new URL(compact);
  } catch {
    // Relative links point into the skill folder, which the page cannot serve: not a link.
    return undefined;
  }
  return safeProtocols.has(url.protocol) ? url.toString() : undefined;
}

const marked = new Marked({
  gfm: true,
  breaks: false,
  async: false,
  renderer: {
    // Raw HTML blocks and inline tags are shown as text, exactly as written.
    html({ text }: Tokens.HTML | Tokens.Tag): string {
      return escapeHtml(text);
    },
    // The body sits under the page's h1, the pane's h2 and an h3, so its headings start at h4.
    heading({ tokens, depth }: Tokens.Heading): string {
      const level = Math.min(6, depth + headingOffset);
      return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
    },
    link({ href, title, tokens }: Tokens.Link): string {
      const label = this.parser.parseInline(tokens);
      const safe = toSafeUrl(href);
      if (safe === undefined)
        return `<span class="md-local-link" title="${escapeHtml(href)}">${label}</span>`;
      const titleAttribute = title ? ` title="${escapeHtml(title)}"` : "";
      return `<a href="${escapeHtml(safe)}"${titleAttribute} target="_blank" rel="noopener noreferrer">${label}</a>`;
    },
    // Images would be fetched from wherever the skill says; show the alt text and address instead.
    image({ href, text }: Tokens.Image): string {
      return `<span class="md-image" title="${escapeHtml(href)}">[image: ${escapeHtml(text || href)}]</span>`;
    },
  },
});

/** Markdown to HTML that is safe to insert: raw HTML escaped, unsafe links and images neutralised. */
export function renderMarkdown(markdown: string): string {
  return marked.parse(markdown, { async: false });
}
