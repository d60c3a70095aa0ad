// Thirty skills described the way real libraries describe theirs (written for these tests, after the
// intents common in public skill collections), for calibrating and testing suggestions.

/** A skill's name and description. */
export interface FixtureSkill {
  name: string;
  description: string;
}

export const EVERYDAY_SKILLS: readonly FixtureSkill[] = [
  { name: "pdf-toolkit", description: "Extract text and tables from PDF files, fill PDF forms, merge and split documents. Use when working with .pdf files." },
  { name: "docx-editor", description: "Create and edit Word documents (.docx) with tracked changes, comments and formatting preserved." },
  { name: "spreadsheet-analyst", description: "Read, clean and analyse Excel and CSV spreadsheets; build pivot tables, formulas and charts." },
  { name: "slide-deck-builder", description: "Build PowerPoint presentations from an outline: layouts, speaker notes, consistent theme." },
  { name: "webapp-testing", description: "Test local web applications with Playwright: open pages, click through flows, capture screenshots and browser logs." },
  { name: "mcp-server-builder", description: "Guide for building MCP servers that expose tools to language models, in TypeScript or Python." },
  { name: "frontend-design", description: "Design distinctive, production-grade frontend interfaces: typography, colour, layout and motion for React components." },
  { name: "git-commit-writer", description: "Write clear conventional commit messages from the staged diff." },
  { name: "code-review", description: "Review a pull request or diff for bugs, security issues and style; leave actionable comments." },
  { name: "terraform-modules", description: "Write and refactor Terraform modules for AWS infrastructure; plan, validate and format HCL." },
  { name: "docker-compose-helper", description: "Write Dockerfiles and docker compose setups; shrink images and debug containers that fail to start." },
  { name: "kubernetes-debugging", description: "Diagnose Kubernetes workloads: crashing pods, failed deployments, services without endpoints, kubectl logs and events." },
  { name: "sql-query-tuning", description: "Speed up slow SQL queries in PostgreSQL and MySQL: read EXPLAIN plans, add indexes, rewrite joins." },
  { name: "changelog-writer", description: "Turn merged pull requests and commits into a release changelog grouped by feature, fix and breaking change." },
  { name: "api-docs-writer", description: "Document REST APIs: endpoints, parameters, example requests and responses, OpenAPI specs." },
  { name: "incident-postmortem", description: "Write a blameless postmortem after an outage: timeline, root cause, impact and follow-up actions." },
  { name: "email-drafter", description: "Draft professional emails and replies in the right tone for customers, colleagues and managers." },
  { name: "meeting-notes", description: "Summarise meeting transcripts into decisions, action items with owners, and open questions." },
  { name: "brand-guidelines", description: "Apply the company's brand colours, fonts and logo rules to documents and slides." },
  { name: "data-visualization", description: "Plot data with matplotlib or Vega-Lite: choose the chart type, label axes, export figures." },
  { name: "python-packaging", description: "Package Python projects with pyproject.toml, build wheels and publish to PyPI." },
  { name: "regex-helper", description: "Write, explain and test regular expressions for matching and extracting text." },
  { name: "security-audit", description: "Audit code and dependencies for vulnerabilities: secrets in the repository, injection, outdated packages with CVEs." },
  { name: "translation-helper", description: "Translate documents and user interface strings between languages while keeping placeholders intact." },
  { name: "image-resizer", description: "Resize, crop, compress and convert images (PNG, JPEG, WebP) in bulk." },
  { name: "ci-pipeline-fixer", description: "Fix failing GitHub Actions workflows: read job logs, cache dependencies, split slow jobs." },
  { name: "unit-test-writer", description: "Write unit tests for existing functions with Jest, Vitest or pytest, covering edge cases." },
  { name: "database-migrations", description: "Plan and write schema migrations safely: add columns, backfill data, roll back." },
  { name: "accessibility-check", description: "Check web pages for accessibility problems: contrast, alt text, keyboard navigation, ARIA roles." },
  { name: "invoice-generator", description: "Generate invoices from billable hours and expenses, with tax lines, totals and a PDF export." },
];

/** Requests that one skill of the fixture answers, in words other than its description's where possible. */
export const RELATED_REQUESTS: readonly { request: string; skill: string }[] = [
  { request: "Can you pull the tables out of this PDF report and fill in the form on page 3?", skill: "pdf-toolkit" },
  { request: "Our pods keep crashing after the last deployment, can you check the kubectl logs?", skill: "kubernetes-debugging" },
  { request: "This SQL query on PostgreSQL is really slow, please look at the EXPLAIN plan", skill: "sql-query-tuning" },
  { request: "Write a postmortem for yesterday's outage with a timeline and root cause", skill: "incident-postmortem" },
  { request: "The GitHub Actions workflow is failing, read the job logs and fix it", skill: "ci-pipeline-fixer" },
  { request: "Resize and compress these PNG images to WebP", skill: "image-resizer" },
  { request: "Write unit tests with vitest for the parser functions", skill: "unit-test-writer" },
  { request: "Make a PowerPoint presentation from this outline with speaker notes", skill: "slide-deck-builder" },
];

/** Messages no skill should answer: small talk and requests outside any library. */
export const UNRELATED_REQUESTS: readonly string[] = [
  "what's the weather like",
  "thanks!",
  "ok, sounds good",
  "hello there",
  "who won the football match last night?",
  "tell me a joke",
  "what time is it in Tokyo?",
  "I'm going to grab lunch, back in an hour",
];
