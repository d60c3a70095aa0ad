// The files of a skill folder as a nested list, folders first.
import { formatSize } from "./format-usage.js";

interface TreeNode {
  name: string;
  path: string;
  size?: number;
  children: Map<string, TreeNode>;
}

/** Builds a folder tree from slash-separated relative paths. */
function buildTree(files: readonly { path: string; size: number }[]): TreeNode {
  const root: TreeNode = { name: "", path: "", children: new Map() };
  for (const file of files) {
    const parts = file.path.split(/[\\/]/).filter(Boolean);
    let node = root;
    parts.forEach((part, index) => {
      const path = parts.slice(0, index + 1).join("/");
      let child = node.children.get(part);
      if (child === undefined) {
        child = { name: part, path, children: new Map() };
        node.children.set(part, child);
      }
      if (index === parts.length - 1) child.size = file.size;
      node = child;
    });
  }
  return root;
}

function sortNodes(nodes: Iterable<TreeNode>): TreeNode[] {
  return [...nodes].sort((left, right) => {
    const leftIsFolder = left.children.size > 0;
    const rightIsFolder = right.children.size > 0;
    if (leftIsFolder !== rightIsFolder) return leftIsFolder ? -1 : 1;
    return left.name.localeCompare(right.name);
  });
}

function TreeLevel({ nodes }: { nodes: TreeNode[] }) {
  return (
    <ul>
      {nodes.map((node) =>
        node.children.size > 0 ? (
          <li key={node.path} className="tree-folder" data-testid="skill-folder" data-path={node.path}>
            <span className="tree-name">{node.name}/</span>
            <TreeLevel nodes={sortNodes(node.children.values())} />
          </li>
        ) : (
          <li key={node.path} className="tree-file" data-testid="skill-file" data-path={node.path}>
            <span className="tree-name">{node.name}</span>
            {node.size !== undefined && <span className="tree-size">{formatSize(node.size)}</span>}
          </li>
        ),
      )}
    </ul>
  );
}

/** `data-testid="skill-files"`; each file is `data-testid="skill-file"` with `data-path`. */
export function FileTree({ files }: { files: readonly { path: string; size: number }[] }) {
  if (files.length === 0) return <p className="empty">No files.</p>;
  return (
    <div className="file-tree" data-testid="skill-files">
      <TreeLevel nodes={sortNodes(buildTree(files).children.values())} />
    </div>
  );
}
