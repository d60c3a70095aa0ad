// Run by create-skills-home.test.ts in a child process whose HOME is read-only or missing: the whole
// createSkills surface a library user touches, printed as JSON for the test to check.
// Plain JavaScript importing the sources by package name (run with --conditions=skillbox-source and tsx).
import { createSkills } from "@skillbox/core/integrations";

const [dir] = process.argv.slice(2);
const skills = await createSkills({ dirs: [dir], suggestions: "on" });
const before = skills.registry.usageScore("release-notes");
const messages = await skills.handleToolCalls([
  {
    id: "call_1",
    type: "function",
    function: { name: "load_skill", arguments: JSON.stringify({ skill_name: "release-notes" }) },
  },
]);
const after = skills.registry.usageScore("release-notes");
const result = {
  systemPrompt: skills.systemPrompt(),
  tools: skills.tools().map((tool) => tool.name),
  aiSdkTools: Object.keys(skills.aiSdkTools()),
  loaded: messages[0]?.content,
  suggested: skills.suggest("write the release notes for the changelog").map((entry) => entry.name),
  usage: { before, after },
};
skills.close();
process.stdout.write(JSON.stringify(result));
