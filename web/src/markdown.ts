// A small Markdown renderer for the rules texts: headings (`#` is the page's title, h1),
// paragraphs, lists, tables, code blocks, emphasis and inline code.

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function inline(text: string): string {
  return escapeHtml(text)
    .replace(/`([^`]+)`/g, "<code>$1</code>")
    .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
    .replace(/(^|[^*])\*([^*\s][^*]*)\*/g, "$1<em>$2</em>")
    .replace(/\[([^\]]+)\]\((https?:[^)\s]+)\)/g, '<a href="$2" rel="noopener">$1</a>');
}

/**
 * A diagram block (`key: value` lines: `caption`, and the position's `moves`, `setup` and game
 * options) as a figure for the rules page to draw the position into (see `pages/rules.ts`).
 */
function diagram(lines: string[]): string {
  const query = new URLSearchParams();
  let caption = "";
  for (const line of lines) {
    const [, key = "", value = ""] = line.match(/^\s*([a-z-]+)\s*:\s*(.*)$/) || [];
    if (key === "caption") caption = value;
    else if (key) query.set(key, value.trim());
  }
  return `<figure class="rules-diagram" data-diagram="${escapeHtml(query.toString()).replace(/"/g, "&quot;")}"><div class="rules-board"></div><figcaption>${inline(caption)}</figcaption></figure>`;
}

/** Markdown text as HTML. */
export function markdown(source: string): string {
  const lines = source.replace(/\r/g, "").split("\n");
  const at = (k: number) => lines[k] ?? "";
  const out: string[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = at(i);
    if (line.startsWith("```")) {
      const code: string[] = [];
      for (i++; i < lines.length && !at(i).startsWith("```"); i++) code.push(at(i));
      i++;
      out.push(line.trim() === "```diagram" ? diagram(code) : `<pre><code>${escapeHtml(code.join("\n"))}</code></pre>`);
      continue;
    }
    const heading = line.match(/^(#{1,6})\s+(.*)$/);
    if (heading) {
      const [, hashes = "", title = ""] = heading;
      const level = hashes.length;
      out.push(`<h${level}>${inline(title)}</h${level}>`);
      i++;
      continue;
    }
    if (/^\s*([-*+]|\d+\.)\s+/.test(line)) {
      const ordered = /^\s*\d+\./.test(line);
      const items: string[] = [];
      while (i < lines.length && /^\s*([-*+]|\d+\.)\s+/.test(at(i))) {
        let item = at(i).replace(/^\s*([-*+]|\d+\.)\s+/, "");
        for (i++; i < lines.length && /^\s{2,}\S/.test(at(i)) && !/^\s*([-*+]|\d+\.)\s+/.test(at(i)); i++) {
          item += " " + at(i).trim();
        }
        items.push(`<li>${inline(item)}</li>`);
      }
      out.push(ordered ? `<ol>${items.join("")}</ol>` : `<ul>${items.join("")}</ul>`);
      continue;
    }
    if (line.trim().startsWith("|")) {
      const rows: string[] = [];
      while (i < lines.length && at(i).trim().startsWith("|")) rows.push(at(i++).trim());
      const cells = (row: string) => row.replace(/^\||\|$/g, "").split("|").map((c) => inline(c.trim()));
      const body = rows.filter((row) => !/^\|[\s:|-]+\|$/.test(row));
      const [head = "", ...rest] = body;
      out.push(
        "<table><thead><tr>" + cells(head).map((c) => `<th>${c}</th>`).join("") + "</tr></thead><tbody>" +
          rest.map((row) => "<tr>" + cells(row).map((c) => `<td>${c}</td>`).join("") + "</tr>").join("") +
          "</tbody></table>",
      );
      continue;
    }
    if (line.trim() === "") {
      i++;
      continue;
    }
    const paragraph: string[] = [];
    while (i < lines.length && at(i).trim() !== "" && !/^(#|```|\s*([-*+]|\d+\.)\s|\s*\|)/.test(at(i))) {
      paragraph.push(at(i++).trim());
    }
    out.push(`<p>${inline(paragraph.join(" "))}</p>`);
  }
  return out.join("\n");
}
