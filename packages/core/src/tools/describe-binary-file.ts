// Tells text from binary files and names common binary types, so read_skill_file can describe a file
// (type and size) instead of dumping its bytes.

import * as path from "node:path";

const MAGIC: ReadonlyArray<{ bytes: readonly number[]; offset?: number; type: string }> = [
  { bytes: [0x89, 0x50, 0x4e, 0x47], type: "PNG image" },
  { bytes: [0xff, 0xd8, 0xff], type: "JPEG image" },
  { bytes: [0x47, 0x49, 0x46, 0x38], type: "GIF image" },
  { bytes: [0x25, 0x50, 0x44, 0x46], type: "PDF document" },
  { bytes: [0x57, 0x45, 0x42, 0x50], offset: 8, type: "WebP image" },
  { bytes: [0x1f, 0x8b], type: "gzip archive" },
  { bytes: [0x7f, 0x45, 0x4c, 0x46], type: "ELF executable" },
  { bytes: [0x00, 0x61, 0x73, 0x6d], type: "WebAssembly module" },
  { bytes: [0x53, 0x51, 0x4c, 0x69, 0x74, 0x65, 0x20, 0x66], type: "SQLite database" },
  { bytes: [0x42, 0x5a, 0x68], type: "bzip2 archive" },
  { bytes: [0xfd, 0x37, 0x7a, 0x58, 0x5a], type: "xz archive" },
  { bytes: [0x37, 0x7a, 0xbc, 0xaf], type: "7-Zip archive" },
];

const ZIP_BASED: Readonly<Record<string, string>> = {
  ".docx": "Word document",
  ".xlsx": "Excel workbook",
  ".pptx": "PowerPoint presentation",
  ".jar": "Java archive",
  ".whl": "Python wheel",
  ".epub": "EPUB book",
};

const BY_EXTENSION: Readonly<Record<string, string>> = {
  ".ttf": "TrueType font",
  ".otf": "OpenType font",
  ".woff": "WOFF font",
  ".woff2": "WOFF2 font",
  ".ico": "icon",
  ".mp3": "MP3 audio",
  ".wav": "WAV audio",
  ".mp4": "MP4 video",
  ".mov": "QuickTime video",
  ".xls": "Excel workbook",
  ".doc": "Word document",
  ".ppt": "PowerPoint presentation",
  ".bin": "binary data",
  ".exe": "Windows executable",
  ".dll": "Windows library",
  ".so": "shared library",
  ".pyc": "Python bytecode",
  ".class": "Java class file",
};

/** The type of a binary file from its first bytes (and its name), or undefined when it looks like text. */
export function detectBinaryType(fileName: string, head: Uint8Array): string | undefined {
  const extension = path.extname(fileName).toLowerCase();
  for (const magic of MAGIC) {
    const offset = magic.offset ?? 0;
    if (magic.bytes.every((byte, index) => head[offset + index] === byte)) return magic.type;
  }
  if (head[0] === 0x50 && head[1] === 0x4b && (head[2] === 0x03 || head[2] === 0x05)) {
    return ZIP_BASED[extension] ?? "ZIP archive";
  }
  if (looksLikeText(head)) return undefined;
  return BY_EXTENSION[extension] ?? "binary data";
}

/** `1,234 bytes`, `12.3 KB`, `4.5 MB`. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes.toLocaleString("en-US")} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

// No NUL byte, valid UTF-8 (a sequence cut at the end of the sample is allowed), few control characters.
function looksLikeText(head: Uint8Array): boolean {
  if (head.includes(0)) return false;
  let end = head.length;
  // Step back over an incomplete multi-byte sequence at the very end of the sample.
  for (let back = 1; back <= 3 && end - back >= 0; back++) {
    const byte = head[end - back] as number;
    if ((byte & 0xc0) === 0xc0) {
      end -= back;
      break;
    }
    if ((byte & 0x80) === 0) break;
  }
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(head.subarray(0, end));
  } catch {
    // Not UTF-8: treated as binary rather than shown as mojibake.
    return false;
  }
  let control = 0;
  for (const byte of head)
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) control++;
  return control <= head.length * 0.02;
}
