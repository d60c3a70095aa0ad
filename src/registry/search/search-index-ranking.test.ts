// Ranking on small real-shaped fixtures: which field a word is in, word forms, long requests,
// phrases, namespaces, copies of one skill, and what the confidence means.

import { describe, expect, it } from "vitest";
import { generateSyntheticSkills } from "../__fixtures__/synthetic-skills.js";
import { extractBodyTerms } from "./extract-body-terms.js";
import { createSearchIndex, type SearchableSkill } from "./search-index.js";

function skill(name: string, description: string, extra: Partial<SearchableSkill> = {}): SearchableSkill {
  return { name, description, tags: [], ...extra };
}

function withBody(searchable: SearchableSkill, body: string): SearchableSkill {
  const terms = extractBodyTerms(body);
  return { ...searchable, headingTerms: terms.headings, bodyTerms: terms.body };
}

const names = (hits: { name: string }[]) => hits.map((hit) => hit.name);

// Shaped like skills in public libraries: a vendor's admin skill, generic helpers with long
// descriptions full of common words, a plugin's skills, and bodies that say more than descriptions.
const library: SearchableSkill[] = [
  withBody(
    skill(
      "registry-admin",
      "Administer the container registry: users, groups, robot accounts, quotas and garbage collection.",
      { namespace: "harbor", tags: ["admin"] },
    ),
    "# Registry administration\n\n## Invite a user to an organization\n\nCreate the account, then add it to a group such as Developers.\n\n## Rotate robot account secrets\n\n```bash\nregistry-cli robot rotate --name ci\n```\n",
  ),
  skill(
    "project-helper",
    "Helps you create, manage, update and organize any project files, documents and tasks for the team, with templates for new projects and guidance for every step of the work.",
    { tags: ["productivity"] },
  ),
  skill(
    "task-runner",
    "Run and manage tasks, create new tasks, update tasks and help the user with the work they want to do in the project.",
  ),
  withBody(
    skill("pdf-forms", "Fill and flatten PDF forms.", { namespace: "documents", tags: ["pdf"] }),
    "# Filling forms\n\nRead the field names first, then write values. Works with scanned invoices.\n",
  ),
  withBody(
    skill("spreadsheet-tools", "Read and write spreadsheets, formulas and charts.", {
      tags: ["excel", "xlsx"],
    }),
    "# Pivot tables\n\nBuild a pivot table from a sheet.\n",
  ),
  skill("code-review", "Review a pull request for bugs, style problems and security issues.", {
    tags: ["quality"],
  }),
  skill("git-helper", "Pull the latest changes, request reviews from teammates and push branches."),
  skill("deploy-service", "Deploy a service to the cluster and watch the rollout.", { namespace: "acme" }),
  skill("deploy-site", "Deploy a static site and watch the rollout.", { namespace: "globex" }),
];

describe("search ranking: fields", () => {
  const index = createSearchIndex(library);

  it("weighs a word in the name above the same word in a description", () => {
    const fieldIndex = createSearchIndex([
      skill("invoice-export", "Export accounting records."),
      skill("ledger-export", "Export invoice records."),
    ]);
    expect(names(fieldIndex.search("invoice"))).toEqual(["invoice-export", "ledger-export"]);
  });

  it("weighs tags and namespace above the description, and the description above headings and body", () => {
    const fieldIndex = createSearchIndex([
      withBody(skill("alpha", "Prepare quarterly figures."), "# Budget\n\nNotes.\n"),
      withBody(skill("beta", "Prepare quarterly figures."), "Some budget notes here.\n"),
      skill("gamma", "Prepare the budget figures."),
      skill("delta", "Prepare quarterly figures.", { tags: ["budget"] }),
      skill("epsilon", "Prepare quarterly figures.", { namespace: "budget" }),
    ]);
    const ranked = names(fieldIndex.search("budget", 5));
    expect(ranked.indexOf("gamma")).toBeLessThan(ranked.indexOf("alpha"));
    expect(ranked.indexOf("alpha")).toBeLessThan(ranked.indexOf("beta"));
    expect(ranked.indexOf("delta")).toBeLessThan(ranked.indexOf("gamma"));
    expect(ranked.indexOf("epsilon")).toBeLessThan(ranked.indexOf("gamma"));
  });

  it("finds a skill by its body's headings and opening, words its description does not use", () => {
    expect(index.search("invite user organization")[0]?.name).toBe("registry-admin");
    expect(index.search("pivot table")[0]?.name).toBe("spreadsheet-tools");
    expect(index.search("scanned invoices")[0]?.name).toBe("pdf-forms");
  });

  it("leaves fenced code out of the body", () => {
    expect(names(index.search("rotate"))).toEqual(["registry-admin"]);
    expect(index.search("registry-cli")).toEqual(index.search("registry cli"));
    const terms = extractBodyTerms("Intro.\n```\nsecretcommand --flag\n```\nOutro.\n");
    expect(terms.body.split(" ")).not.toContain("secretcommand");
  });
});

describe("search ranking: requests in natural language", () => {
  const index = createSearchIndex(library);

  it("matches word forms through stemming", () => {
    expect(index.search("deployments rolling out")[0]?.name).toMatch(/^deploy-/);
    expect(index.search("reviewing pull requests")[0]?.name).toBe("code-review");
    expect(index.search("filling a form")[0]?.name).toBe("pdf-forms");
  });

  it("is not carried away by the common words of a 30-word request", () => {
    // Words a third of the skills use ("create", "project", "team", "update", "task") drown the
    // few that say what the request is about, unless a long request drops them.
    const generic = ["planner", "tracker", "organizer", "board", "helper"].map((name) =>
      skill(
        `${name}-kit`,
        `Create, update and share a project task with the team; help with any project work.`,
      ),
    );
    const others = ["weather", "recipes", "music", "travel", "fitness", "poetry", "chess", "stocks"].map(
      (name) => skill(`${name}-guide`, `Answers questions about ${name}.`),
    );
    const index = createSearchIndex([...generic, ...others, library[0] as SearchableSkill]);
    const request =
      "Hi, could you please help me with something for my project? I want to create a new task for the team: " +
      "invite a new user to the organization and add them to the Developers group, and then update the project.";
    expect(request.split(/\s+/).length).toBeGreaterThanOrEqual(30);
    expect(index.search(request, 3)[0]?.name).toBe("registry-admin");
  });

  it("rewards the request's words found side by side, as a phrase", () => {
    // The same words, as many of them: only their order differs (and the name would win a tie).
    const phrases = createSearchIndex([
      skill("branch-tools", "Pull the branch changes and request a check."),
      skill("open-pr", "Open a pull request for the branch changes."),
    ]);
    expect(names(phrases.search("pull request"))).toEqual(["open-pr", "branch-tools"]);
    expect(index.search("pull request")[0]?.name).toBe("code-review");
  });

  it("uses the namespace to pick between skills that say the same", () => {
    expect(index.search("deploy acme service")[0]?.name).toBe("deploy-service");
    expect(index.search("globex deploy rollout")[0]?.name).toBe("deploy-site");
    expect(index.search("harbor users")[0]?.name).toBe("registry-admin");
  });
});

describe("search ranking: copies of one skill", () => {
  it("finds a skill by the words of any of its copies, returned once under its name", () => {
    const index = createSearchIndex([
      skill("pdf", "Extract text from PDF files.", { key: "project:pdf" }),
      skill("pdf", "Merge and split PDF documents.", { key: "user:pdf" }),
      skill("merge-tool", "Merge git branches."),
    ]);
    expect(index.size).toBe(3);
    expect(index.search("split documents")[0]?.name).toBe("pdf");
    expect(names(index.search("pdf"))).toEqual(["pdf"]);
    expect(index.remove("user:pdf")).toBe(true);
    expect(index.search("split documents")).toEqual([]);
    expect(index.search("extract text")[0]?.name).toBe("pdf");
  });

  it("ranks a name by its best copy whichever comes first, and frees the name when its last copy goes", () => {
    const weak = skill("pdf", "Notes.", { key: "a:pdf", tags: ["invoices"] });
    const strong = skill("pdf", "Invoices: read invoices, total invoices.", { key: "b:pdf" });
    const billing = skill("billing", "Invoices for customers.");
    const index = createSearchIndex([weak, strong, billing]);
    const hits = index.search("invoices", 5);
    expect(hits.map((hit) => hit.name).sort()).toEqual(["billing", "pdf"]);
    const reversed = createSearchIndex([strong, weak, billing]).search("invoices", 5);
    expect(reversed).toEqual(hits);
    expect(index.remove("a:pdf")).toBe(true);
    expect(index.search("invoices", 5).find((hit) => hit.name === "pdf")).toBeDefined();
    expect(index.remove("b:pdf")).toBe(true);
    index.add(skill("invoice-maker", "Makes invoices."));
    expect(
      index
        .search("invoices", 5)
        .map((hit) => hit.name)
        .sort(),
    ).toEqual(["billing", "invoice-maker"]);
  });
});

describe("search confidence", () => {
  const filler = generateSyntheticSkills(3_000, 11).map((item) => ({
    name: item.name,
    description: item.description,
    tags: item.tags,
  }));
  const small = createSearchIndex(library);
  const large = createSearchIndex([...library, ...filler]);

  it("lies in [0, 1] and is 1 for an exact name", () => {
    for (const query of ["pdf forms", "invite a user", "code-review", "deploy the service to production"]) {
      for (const hit of small.search(query, 10)) {
        expect(hit.confidence).toBeGreaterThanOrEqual(0);
        expect(hit.confidence).toBeLessThanOrEqual(1);
      }
    }
    expect(small.search("code-review")[0]?.confidence).toBe(1);
  });

  it("is high for a request a skill answers and low for an unrelated one", () => {
    const answered = small.search("fill and flatten pdf forms")[0];
    expect(answered?.name).toBe("pdf-forms");
    expect(answered?.confidence).toBeGreaterThan(0.4);
    const unrelated = small.search(
      "what is the weather like in Lisbon tomorrow morning, and should I bring an umbrella",
    )[0];
    expect(unrelated?.confidence ?? 0).toBeLessThan(0.15);
  });

  it("counts a single word as thin evidence", () => {
    const one = small.search("flatten")[0];
    const two = small.search("flatten forms")[0];
    expect(one?.name).toBe("pdf-forms");
    expect(one?.confidence).toBeLessThan(0.5);
    expect(two?.confidence).toBeGreaterThan(one?.confidence ?? 1);
  });

  it("means about the same over 9 skills and over 3,000", () => {
    for (const query of [
      "fill and flatten pdf forms",
      "invite a user to the organization group",
      "review a pull request",
    ]) {
      const inSmall = small.search(query)[0];
      const inLarge = large.search(query)[0];
      expect(inLarge?.name, query).toBe(inSmall?.name);
      expect(Math.abs((inLarge?.confidence ?? 0) - (inSmall?.confidence ?? 0)), query).toBeLessThan(0.15);
    }
  });
});

describe("search ranking: coordination in a large library", () => {
  // Real-shaped skills among 1,500 generated ones: one answers the request with two of its words
  // in a long description, another holds only its rarest word, in its name, description and tags.
  const cluster = [
    skill(
      "kubernetes-debugging",
      "Diagnose Kubernetes workloads on a cluster: crashing pods, failed deployments, services without endpoints, pending volumes, image pull errors, node pressure, logs and events, with the kubectl commands for each case.",
    ),
    skill(
      "restart-policy",
      "Restart policies for systemd units: Restart=, RestartSec= and when a unit restarts.",
      {
        tags: ["restart", "systemd"],
      },
    ),
    skill("helm-release", "Install and upgrade Helm charts and check that their pods come up."),
    skill("pod-autoscaler", "Scale pods on CPU and memory with the horizontal pod autoscaler."),
    skill("pod-security", "Pod security standards and admission for pods."),
    skill("crash-reporting", "Collect crash reports from mobile apps and group crashes by cause."),
    skill("sentry-triage", "Triage crashing releases and errors in Sentry."),
    skill("flaky-tests", "Find tests crashing the runner and quarantine them."),
  ];
  const filler = generateSyntheticSkills(1_500, 7).map((item) => ({
    name: item.name,
    description: item.description,
    tags: item.tags,
  }));
  const request = "my pods are crashing, restart";

  it("ranks a skill matching more of the request above one holding its rarest word", () => {
    // Proximity off on both sides ("crashing pods" stand together): this measures coordination alone.
    const hits = createSearchIndex([...cluster, ...filler], { ranking: { proximityBonus: 0 } }).search(
      request,
      3,
    );
    expect(names(hits).slice(0, 2)).toEqual(["kubernetes-debugging", "restart-policy"]);
    // Without coordination the one rare word wins: the test checks the feature, not the fixture.
    const plain = createSearchIndex([...cluster, ...filler], {
      ranking: { coordinationPower: 0, proximityBonus: 0 },
    });
    expect(plain.search(request, 1)[0]?.name).toBe("restart-policy");
  });

  it("leaves confidence as the matched share of the request, whatever the coordination", () => {
    const coordinated = createSearchIndex([...cluster, ...filler]).search(request, 3);
    const plain = createSearchIndex([...cluster, ...filler], { ranking: { coordinationPower: 0 } }).search(
      request,
      3,
    );
    const confidenceOf = (hits: typeof plain, name: string) =>
      hits.find((hit) => hit.name === name)?.confidence;
    for (const name of ["kubernetes-debugging", "restart-policy"])
      expect(confidenceOf(coordinated, name)).toBe(confidenceOf(plain, name));
  });

  it("does not apply in a small library, where no word is rare enough to dominate", () => {
    const small = createSearchIndex(cluster);
    const plain = createSearchIndex(cluster, { ranking: { coordinationPower: 0 } });
    expect(small.search(request, 3)).toEqual(plain.search(request, 3));
  });
});

describe("search ranking: proximity", () => {
  // Both hold the three words; one says them together, the other across a long description (and
  // has one of them as a tag, which alone would rank it first).
  const skills = [
    skill(
      "vault-secrets",
      "Store secrets in Vault and rotate them on a schedule. Issues dynamic credentials for queues, caches and cloud accounts, with policy files, templates, agents and audit devices for any database.",
      { tags: ["vault", "credentials"] },
    ),
    skill(
      "access-keeper",
      "Rotate the passwords and credentials of each database user without downtime, then check who still uses the old ones.",
      { tags: ["postgres"] },
    ),
    skill("postgres-admin", "Administer PostgreSQL: roles, backups, replication and vacuum.", {
      tags: ["database"],
    }),
    skill("aws-iam", "Manage AWS IAM users, roles and access keys.", { tags: ["aws"] }),
    skill("ssh-keys", "Create and rotate SSH keys for servers."),
  ];
  const request = "rotate database credentials";

  it("ranks a skill that uses the request's words together above one that scatters them", () => {
    expect(names(createSearchIndex(skills).search(request, 2))).toEqual(["access-keeper", "vault-secrets"]);
    const plain = createSearchIndex(skills, { ranking: { proximityBonus: 0 } });
    expect(names(plain.search(request, 2))).toEqual(["vault-secrets", "access-keeper"]);
  });

  it("counts words near each other in the body opening too", () => {
    // The same words in both bodies (equal scores without proximity, the tie going to the name
    // first in order), "roll" and "canary" together in one only.
    const near = withBody(
      skill("deploy-notes", "Deployment notes."),
      "Roll back a canary release. Then watch dashboards, alerts, logs, traces, saturation, latency, traffic and errors.\n",
    );
    const far = withBody(
      skill("deploy-guide", "Deployment notes."),
      "Roll back a release. Then watch dashboards, alerts, logs, traces, saturation, latency, traffic and errors, canary.\n",
    );
    expect(names(createSearchIndex([far, near]).search("canary roll", 2))).toEqual([
      "deploy-notes",
      "deploy-guide",
    ]);
    const plain = createSearchIndex([far, near], { ranking: { proximityBonus: 0 } });
    expect(names(plain.search("canary roll", 2))).toEqual(["deploy-guide", "deploy-notes"]);
  });
});
