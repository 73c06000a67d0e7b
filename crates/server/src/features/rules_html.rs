//! A game's rules (Markdown) as safe HTML for the rules page, rendered
//! by [pulldown-cmark](https://docs.rs/pulldown-cmark) (CommonMark with
//! tables and strikethrough).
//!
//! Safe: raw HTML in the source is shown as text, not passed through;
//! links and images keep only http(s) and relative addresses (a link to
//! anything else keeps its text without the link); table cells carry no
//! `style` attribute (the Content-Security-Policy refuses inline styles).
//! A fenced block of the language `diagram` (`key: value` lines:
//! `caption`, and the position's `moves`, `setup` and game options)
//! becomes a `<figure class="rules-diagram">` whose `data-diagram` is the
//! query of `GET /api/diagram` and whose `<div class="rules-board">` the
//! browser draws the position into.

use pulldown_cmark::{CodeBlockKind, CowStr, Event, Options, Parser, Tag, TagEnd, html};

/// The Markdown extensions the rules use.
fn options() -> Options {
    Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH
}

/// `markdown` as safe HTML (see the module doc).
#[must_use]
pub fn render(markdown: &str) -> String {
    let mut events = Vec::new();
    // Whether each open link or image was kept (an unsafe one is dropped,
    // its text kept).
    let mut kept = Vec::new();
    // The lines of the diagram block being read.
    let mut diagram: Option<String> = None;
    for event in Parser::new_ext(markdown, options()) {
        match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))) if info.trim() == "diagram" => {
                diagram = Some(String::new());
            }
            Event::Text(text) if diagram.is_some() => {
                if let Some(lines) = diagram.as_mut() {
                    lines.push_str(&text);
                }
            }
            Event::End(TagEnd::CodeBlock) if diagram.is_some() => {
                let lines = diagram.take().unwrap_or_default();
                events.push(Event::Html(figure(&lines).into()));
            }
            Event::Html(raw) | Event::InlineHtml(raw) => events.push(Event::Text(raw)),
            Event::Start(Tag::Link { link_type, dest_url, title, id }) => {
                let safe = is_safe_url(&dest_url);
                kept.push(safe);
                if safe {
                    events.push(Event::Start(Tag::Link { link_type, dest_url, title, id }));
                }
            }
            Event::Start(Tag::Image { link_type, dest_url, title, id }) => {
                let safe = is_safe_url(&dest_url);
                kept.push(safe);
                if safe {
                    events.push(Event::Start(Tag::Image { link_type, dest_url, title, id }));
                }
            }
            Event::End(end @ (TagEnd::Link | TagEnd::Image)) => {
                if kept.pop().unwrap_or(false) {
                    events.push(Event::End(end));
                }
            }
            Event::Start(Tag::Table(alignments)) => {
                events
                    .push(Event::Start(Tag::Table(vec![pulldown_cmark::Alignment::None; alignments.len()])));
            }
            other => events.push(other),
        }
    }
    let mut out = String::with_capacity(markdown.len() * 5 / 4);
    html::push_html(&mut out, events.into_iter());
    out
}

/// Whether a link may point at `url`: http(s), or relative (no scheme).
fn is_safe_url(url: &CowStr<'_>) -> bool {
    let url = url.trim();
    match url.find(':') {
        None => true,
        Some(colon) => {
            let scheme = &url[..colon];
            // A colon after a path, query or fragment starts no scheme.
            scheme.contains(['/', '?', '#'])
                || scheme.eq_ignore_ascii_case("http")
                || scheme.eq_ignore_ascii_case("https")
        }
    }
}

/// A diagram block's lines as the figure the rules page draws into.
fn figure(lines: &str) -> String {
    let mut query = Vec::new();
    let mut caption = String::new();
    for line in lines.lines() {
        let Some((key, value)) = line.split_once(':') else { continue };
        let (key, value) = (key.trim(), value.trim());
        if key.is_empty() || !key.chars().all(|c| c.is_ascii_lowercase() || c == '-') {
            continue;
        }
        if key == "caption" {
            caption = value.to_owned();
        } else {
            query.push(format!("{}={}", form_encode(key), form_encode(value)));
        }
    }
    format!(
        "<figure class=\"rules-diagram\" data-diagram=\"{}\"><div class=\"rules-board\"></div><figcaption>{}</figcaption></figure>\n",
        escape(&query.join("&")),
        inline(&caption),
    )
}

/// One line of Markdown as inline HTML (without the paragraph around it),
/// as safe as [`render`].
fn inline(markdown: &str) -> String {
    let html = render(markdown);
    let html = html.trim_end();
    let html = html.strip_prefix("<p>").and_then(|rest| rest.strip_suffix("</p>")).unwrap_or(html);
    html.to_owned()
}

/// `text` encoded for a query (`application/x-www-form-urlencoded`).
fn form_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'*' | b'-' | b'.' | b'_' => out.push(byte as char),
            b' ' => out.push('+'),
            _ => out.push_str(&format!("%{byte:02X}")),
        }
    }
    out
}

/// `text` escaped for HTML text and attribute values.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::render;

    #[test]
    fn raw_html_is_shown_as_text() {
        let html = render("Hello <script>alert(1)</script>\n\n<div onclick=\"x\">block</div>\n");
        assert!(!html.contains("<script") && !html.contains("<div"), "{html}");
        assert!(html.contains("&lt;script&gt;") && html.contains("&lt;div"), "{html}");
    }

    #[test]
    fn only_http_and_relative_links_are_kept() {
        let html = render("[a](https://example.org) [b](/rules/ataxx) [c](javascript:alert(1)) <data:x>");
        assert!(html.contains("<a href=\"https://example.org\">a</a>"), "{html}");
        assert!(html.contains("<a href=\"/rules/ataxx\">b</a>"), "{html}");
        assert!(!html.contains("href=\"javascript"), "{html}");
        assert!(html.contains(" c "), "the unsafe link keeps its text: {html}");
        assert!(!html.contains("href=\"data"), "{html}");
    }

    #[test]
    fn tables_carry_no_style() {
        let html = render("| a | b |\n|:--|--:|\n| `1` | **2** |\n");
        assert!(html.contains("<table>") && html.contains("<td><code>1</code></td>"), "{html}");
        assert!(!html.contains("style"), "{html}");
    }

    #[test]
    fn a_diagram_block_becomes_a_figure_with_its_query() {
        let html =
            render("```diagram\nmoves: f2; a1c2\nrules: community\ncaption: Red *jumps* & <wins>\n```\n");
        assert_eq!(
            html.trim(),
            "<figure class=\"rules-diagram\" data-diagram=\"moves=f2%3B+a1c2&amp;rules=community\">\
             <div class=\"rules-board\"></div><figcaption>Red <em>jumps</em> &amp; &lt;wins&gt;</figcaption></figure>"
        );
    }
}
