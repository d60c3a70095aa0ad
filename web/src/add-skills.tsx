// The "Add skills" view: paste a source or pick one from the marketplace, see what it holds (with
// diagnostics, size, scripts and allowed-tools) before installing, choose skills and a scope, install.

import type {
  InstallProgressEvent,
  InstallResponse,
  InstallScanResponse,
  InstallScope,
} from "@skillbox/server/server/api-types";
import { type FormEvent, useState } from "react";
import type { ApiClient } from "./api-client.js";
import { FoundSkillList } from "./found-skill-list.js";
import { MarketplaceSearch } from "./marketplace-search.js";

interface AddSkillsProps {
  client: ApiClient;
  onInstalled(result: InstallResponse): void;
  onStatus(message: string): void;
  onError(error: unknown): void;
  onClose(): void;
}

type Scan =
  | { kind: "idle" }
  | { kind: "scanning"; source: string }
  | { kind: "ready"; source: string; result: InstallScanResponse };

/** `<section data-testid="add-skills">`; installs through `POST /api/install` with live progress. */
export function AddSkills({ client, onInstalled, onStatus, onError, onClose }: AddSkillsProps) {
  const [source, setSource] = useState("");
  const [scan, setScan] = useState<Scan>({ kind: "idle" });
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [scope, setScope] = useState<InstallScope>("project");
  const [replace, setReplace] = useState(false);
  const [progress, setProgress] = useState<string | null>(null);
  const [result, setResult] = useState<InstallResponse | null>(null);

  const runScan = async (text: string, preselect?: string) => {
    const trimmed = text.trim();
    if (trimmed === "") return;
    setSource(trimmed);
    setResult(null);
    setScan({ kind: "scanning", source: trimmed });
    try {
      const found = await client.scanSource(trimmed);
      setScan({ kind: "ready", source: trimmed, result: found });
      const installable = found.skills.filter((skill) => skill.installable);
      const picked = installable.filter((skill) =>
        preselect === undefined ? installable.length === 1 : skill.name === preselect,
      );
      setChosen(new Set(picked.map((skill) => skill.name)));
    } catch (error) {
      setScan({ kind: "idle" });
      onError(error);
    }
  };

  const onScan = (event: FormEvent) => {
    event.preventDefault();
    void runScan(source);
  };

  const install = async () => {
    if (scan.kind !== "ready" || chosen.size === 0) return;
    setProgress("Starting…");
    try {
      const installed = await client.install(
        { source: scan.source, skills: [...chosen], scope, replace },
        (event) => setProgress(describeProgress(event)),
      );
      setResult(installed);
      setScan({ kind: "idle" });
      setChosen(new Set());
      onStatus(
        `Installed ${installed.installed.map((skill) => skill.name).join(", ")} (${installed.scope}).`,
      );
      onInstalled(installed);
    } catch (error) {
      onError(error);
    } finally {
      setProgress(null);
    }
  };

  const busy = scan.kind === "scanning" || progress !== null;
  return (
    <section
      id="add-skills"
      className="panel add-skills"
      data-testid="add-skills"
      aria-labelledby="add-heading"
    >
      <div className="panel-heading">
        <h2 id="add-heading">Add skills</h2>
        <button type="button" className="button-quiet" data-testid="add-close" onClick={onClose}>
          Close<span className="visually-hidden"> Add skills</span>
        </button>
      </div>
      <form className="add-source" onSubmit={onScan}>
        <label htmlFor="add-source">Source</label>
        <div className="add-row">
          <input
            id="add-source"
            data-testid="add-source"
            placeholder="owner/repo, a GitHub or skills.sh link, a git URL or an archive URL"
            value={source}
            disabled={busy}
            onChange={(event) => setSource(event.currentTarget.value)}
          />
          <button type="submit" data-testid="add-scan" disabled={busy || source.trim() === ""}>
            {scan.kind === "scanning" ? "Looking…" : "Look inside"}
          </button>
        </div>
        <span className="hint">Nothing is installed until you choose skills below.</span>
      </form>
      <MarketplaceSearch client={client} disabled={busy} onError={onError} onPick={runScan} />
      {scan.kind === "ready" && (
        <div className="scan-result" data-testid="add-scan-result">
          <h3>
            {scan.result.skills.length} {scan.result.skills.length === 1 ? "skill" : "skills"} in{" "}
            <code>{scan.result.source.label}</code>
            {scan.result.source.commit !== undefined && <> at {scan.result.source.commit.slice(0, 7)}</>}
          </h3>
          <FoundSkillList
            result={scan.result}
            chosen={chosen}
            disabled={busy}
            onChange={(name, on) =>
              setChosen((current) => {
                const next = new Set(current);
                if (on) next.add(name);
                else next.delete(name);
                return next;
              })
            }
          />
          <div className="add-row add-options">
            <label htmlFor="add-scope">Install for</label>
            <select
              id="add-scope"
              data-testid="add-scope"
              value={scope}
              disabled={busy}
              onChange={(event) => setScope(event.currentTarget.value as InstallScope)}
            >
              <option value="project">this project (.agents/skills, in skills-lock.json)</option>
              <option value="user">you (~/.agents/skills)</option>
            </select>
            <label className="checkbox">
              <input
                type="checkbox"
                data-testid="add-replace"
                checked={replace}
                disabled={busy}
                onChange={(event) => setReplace(event.currentTarget.checked)}
              />
              Replace skills of the same name installed from elsewhere
            </label>
            <button
              type="button"
              data-testid="add-install"
              disabled={busy || chosen.size === 0}
              onClick={install}
            >
              {progress === null
                ? `Install ${chosen.size} ${chosen.size === 1 ? "skill" : "skills"}`
                : "Installing…"}
            </button>
          </div>
        </div>
      )}
      {progress !== null && (
        <p className="add-progress" data-testid="add-progress" role="status">
          {progress}
        </p>
      )}
      {result !== null && <InstallResult result={result} />}
    </section>
  );
}

function InstallResult({ result }: { result: InstallResponse }) {
  return (
    <div className="add-result" data-testid="add-result">
      <h3>Installed</h3>
      <ul>
        {result.installed.map((skill) => (
          <li key={skill.name} data-testid={`add-installed-${skill.name}`}>
            <strong>{skill.name}</strong> into <code>{skill.folder}</code>
            {skill.replaced !== undefined && <> (replaced the one from {skill.replaced})</>}
            {!skill.listed && (
              <span className="hint">
                {" "}
                This server does not list that folder (it was started with --dir); other agents and a plain
                skillbox serve will see it.
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** One line for the latest progress step. */
export function describeProgress(event: InstallProgressEvent): string {
  switch (event.phase) {
    case "download":
      return `Downloading ${event.label}: ${formatKilobytes(event.bytes)}${event.totalBytes === undefined ? "" : ` of ${formatKilobytes(event.totalBytes)}`}${event.done ? " (done)" : ""}`;
    case "extract":
      return `Reading ${event.label}: ${event.entries} entries`;
    case "write":
      return `Writing ${event.label}: ${event.files} of ${event.totalFiles} files`;
  }
}

function formatKilobytes(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} kB`;
}
