// MIME types of served skill files, from the file extension (the SDK keeps its own table internal).

const BY_EXTENSION: Readonly<Record<string, string>> = {
  md: "text/markdown",
  markdown: "text/markdown",
  txt: "text/plain",
  json: "application/json",
  yaml: "application/yaml",
  yml: "application/yaml",
  toml: "application/toml",
  py: "text/x-python",
  sh: "application/x-sh",
  bash: "application/x-sh",
  js: "text/javascript",
  mjs: "text/javascript",
  ts: "text/typescript",
  html: "text/html",
  css: "text/css",
  csv: "text/csv",
  xml: "application/xml",
  svg: "image/svg+xml",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  pdf: "application/pdf",
};

/** The MIME type for a file name; `application/octet-stream` when the extension is unknown. */
export function mimeTypeOf(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  if (dot <= 0) return "application/octet-stream";
  return BY_EXTENSION[fileName.slice(dot + 1).toLowerCase()] ?? "application/octet-stream";
}
