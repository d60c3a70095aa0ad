// Entry point: reads the API base from the page, then renders the settings page.
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createApiClient, readApiBase } from "./api-client.js";
import { App } from "./app.js";
import "./styles.css";

const container = document.getElementById("root");
if (container === null) throw new Error('index.html must contain <div id="root">.');

const client = createApiClient({ baseUrl: readApiBase(document) });

createRoot(container).render(
  <StrictMode>
    <App client={client} />
  </StrictMode>,
);
