import { readFileSync } from 'node:fs';
import type { Heading, Nodes, RootContent, Table } from 'mdast';
import { remark } from 'remark';
import remarkGfm from 'remark-gfm';

// A guide in docs/ read as a markdown parser reads it (GitHub's flavour: tables, and `\|` inside
// a table's code), so the tests that hold a guide to the program see what a reader sees.

/** A table cell: its text, and the text of each `code` span in it. */
export interface Cell {
  text: string;
  codes: string[];
}

/** A heading and what follows it up to the next heading of its depth or above. */
export interface Section {
  depth: number;
  /** The heading's text, code spans included (`` `domainctl serve` `` is `domainctl serve`). */
  title: string;
  /** The heading's own code spans. */
  codes: string[];
  /** Every table in the section (its subsections' included), as rows of cells, header left out. */
  tables: Cell[][][];
}

export function readGuide(path: URL): Section[] {
  const tree = remark().use(remarkGfm).parse(readFileSync(path, 'utf8'));
  const sections: Section[] = [];
  const open: Section[] = [];
  for (const node of tree.children) {
    if (node.type === 'heading') {
      while (open.length > 0 && (open.at(-1)?.depth ?? 0) >= node.depth) open.pop();
      const section = {
        depth: node.depth,
        title: text(node),
        codes: codes(node),
        tables: [],
      };
      sections.push(section);
      open.push(section);
    } else if (node.type === 'table') {
      const rows = tableRows(node);
      for (const section of open) section.tables.push(rows);
    }
  }
  return sections;
}

/** The one section titled so; a test that asks for a section the guide lacks fails here. */
export function section(sections: Section[], title: string, depth?: number): Section {
  const found = sections.filter((s) => s.title === title && (depth ?? s.depth) === s.depth);
  if (found.length !== 1) {
    throw new Error(`the guide has ${found.length} sections titled "${title}", not one`);
  }
  return found[0] as Section;
}

/** The cells of one column of every table of a section. */
export function column(section: Section, index: number): Cell[] {
  return section.tables.flatMap((rows) => rows.map((row) => row[index] ?? { text: '', codes: [] }));
}

function tableRows(table: Table): Cell[][] {
  return table.children
    .slice(1)
    .map((row) => row.children.map((cell) => ({ text: text(cell), codes: codes(cell) })));
}

function text(node: Nodes | Heading | RootContent): string {
  if ('value' in node && typeof node.value === 'string') return node.value;
  if ('children' in node) return node.children.map((child) => text(child)).join('');
  return '';
}

function codes(node: Nodes | RootContent): string[] {
  if (node.type === 'inlineCode') return [node.value];
  if ('children' in node) return node.children.flatMap((child) => codes(child));
  return [];
}
