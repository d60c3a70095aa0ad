// Seeded, realistic-looking synthetic skills for search-quality tests and benchmarks (not shipped).

/** A deterministic PRNG (mulberry32): the same seed always yields the same sequence in [0, 1). */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const VERBS =
  "analyze audit build check clean compile convert create debug deploy design diff document draft export extract fetch fix format generate import index inspect lint merge migrate monitor optimize package parse plan profile publish query refactor release render report review rewrite scan schedule search summarize sync test transform translate triage update upload validate visualize write".split(
    " ",
  );
const REAL_NOUNS =
  "api archive benchmark branch budget cache certificate changelog chart cluster commit component config container contract coverage credential dashboard database dataset dependency diagram docker document email endpoint error event feature file font form graph image incident invoice issue kubernetes label layout log manifest markdown metric migration model module notebook package page pipeline playbook policy presentation project prompt query queue release report repository request resource route schema screenshot script secret server service session sheet slide snapshot spreadsheet sql style table template terraform test ticket token trace translation tutorial video webhook workflow".split(
    " ",
  );
const TOOLS =
  "aws azure bash bigquery clickhouse css django excel figma git github gitlab go grafana helm html java javascript jest jira kafka latex matplotlib mysql nginx node notion pandas pdf playwright postgres powerpoint python react redis rust slack snowflake spark sqlite stripe svelte swift typescript vite vue webpack word yaml".split(
    " ",
  );
const TAGS =
  "analytics automation cloud code data design devops docs finance frontend backend infra legal marketing ml ops product qa research sales security support testing writing".split(
    " ",
  );
const SYLLABLES =
  "ba be bi bo bu ca ce ci co cu da de di do du fa fe fi fo fu ga ge gi go gu ka ke ki ko ku la le li lo lu ma me mi mo mu na ne ni no nu pa pe pi po pu ra re ri ro ru sa se si so su ta te ti to tu va ve vi vo vu za ze zi zo zu bra cro dri fla gle pri sto tra vel xan".split(
    " ",
  );

/** A skill as the search index and the catalog builders need it. */
export interface SyntheticSkill {
  name: string;
  description: string;
  whenToUse?: string;
  tags: string[];
  /** The description's domain words (the distinctive part), for building queries. */
  domainWords: string[];
}

/** `count` skills over a vocabulary of real technical words plus ~`vocabularySize` coined domain words (Zipf-distributed). */
export function generateSyntheticSkills(count: number, seed = 42, vocabularySize = 3000): SyntheticSkill[] {
  const random = createRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const coined = new Set<string>();
  while (coined.size < vocabularySize) {
    const syllables = 2 + Math.floor(random() * 3);
    let word = "";
    for (let index = 0; index < syllables; index++) word += pick(SYLLABLES);
    coined.add(word);
  }
  const vocabulary = [...REAL_NOUNS, ...TOOLS, ...coined];
  // Zipf-like: word at rank r is drawn with weight 1 / (r + 1)^0.8.
  const cumulative: number[] = [];
  let total = 0;
  for (let rank = 0; rank < vocabulary.length; rank++) {
    total += 1 / (rank + 1) ** 0.8;
    cumulative.push(total);
  }
  const drawWord = (): string => {
    const target = random() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((cumulative[middle] as number) < target) low = middle + 1;
      else high = middle;
    }
    return vocabulary[low] as string;
  };

  const skills: SyntheticSkill[] = [];
  const usedNames = new Set<string>();
  for (let index = 0; index < count; index++) {
    const domainWords = Array.from({ length: 5 + Math.floor(random() * 5) }, drawWord);
    const [first, second, third, fourth, ...rest] = domainWords;
    const verb = pick(VERBS);
    const description = `${capitalize(verb)} ${first} ${second} with ${pick(TOOLS)} and ${third} ${fourth}. Handles ${rest.join(", ")} for the ${pick(REAL_NOUNS)} workflow.`;
    let name = `${verb}-${first}-${second}`;
    if (usedNames.has(name)) name = `${name}-${index}`;
    usedNames.add(name);
    const skill: SyntheticSkill = {
      name,
      description,
      tags: Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(TAGS)),
      domainWords,
    };
    if (random() < 0.4) skill.whenToUse = `Use when the user asks to ${pick(VERBS)} ${drawWord()} ${pick(REAL_NOUNS)}s.`;
    skills.push(skill);
  }
  return skills;
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
