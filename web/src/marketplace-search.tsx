// Marketplace search inside "Add skills": skills.sh merged with the bundled list; picking a row
// looks inside its repository with that skill chosen.

import type { MarketplaceResponse } from "@skillbox/server/server/api-types";
import { type FormEvent, useState } from "react";
import type { ApiClient } from "./api-client.js";

interface MarketplaceSearchProps {
  client: ApiClient;
  disabled: boolean;
  onError(error: unknown): void;
  /** Looks inside `source` with `name` chosen. */
  onPick(source: string, name: string): void;
}

/** `<form data-testid="market-search">` and its `market-row-<name>` results (`data-source`: owner/repo). */
export function MarketplaceSearch({ client, disabled, onError, onPick }: MarketplaceSearchProps) {
  const [query, setQuery] = useState("");
  const [searching, setSearching] = useState(false);
  const [found, setFound] = useState<MarketplaceResponse | null>(null);

  const search = async (event: FormEvent) => {
    event.preventDefault();
    setSearching(true);
    try {
      setFound(await client.searchMarketplace(query.trim()));
    } catch (error) {
      onError(error);
    } finally {
      setSearching(false);
    }
  };

  return (
    <div className="marketplace">
      <form className="add-row" data-testid="market-search" onSubmit={search}>
        <label htmlFor="market-query" className="visually-hidden">
          Search the marketplace
        </label>
        <input
          id="market-query"
          type="search"
          data-testid="market-query"
          placeholder="Or search the marketplace (skills.sh and the bundled list)"
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
        />
        <button type="submit" data-testid="market-submit" disabled={searching || query.trim().length < 2}>
          {searching ? "Searching…" : "Search"}
        </button>
      </form>
      {found !== null && (
        <>
          {found.remoteError !== undefined && (
            <p className="hint" data-testid="market-offline">
              skills.sh could not be asked ({found.remoteError}); these come from the bundled list.
            </p>
          )}
          {found.rows.length === 0 ? (
            <p className="empty">Nothing found.</p>
          ) : (
            <ul className="market-rows" data-testid="market-rows">
              {found.rows.map((row) => (
                <li
                  key={`${row.source}/${row.name}`}
                  data-testid={`market-row-${row.name}`}
                  data-source={row.source}
                >
                  <strong>{row.name}</strong> <code>{row.source}</code>
                  {row.installs !== undefined && <span className="hint"> {row.installs} installs</span>}
                  {row.installed && <span className="badge badge-muted">installed</span>}
                  {row.conflict !== undefined && (
                    <span className="badge badge-error" title={row.conflict}>
                      name taken
                    </span>
                  )}
                  {row.description !== undefined && <p className="skill-description">{row.description}</p>}
                  <button
                    type="button"
                    data-testid={`market-pick-${row.name}`}
                    disabled={disabled}
                    onClick={() => onPick(row.source, row.name)}
                  >
                    Look inside
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
