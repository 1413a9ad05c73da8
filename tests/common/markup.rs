//! The text a page or picture shows, from its markup.

#![allow(dead_code)]

/// The text of `markup` with its tags dropped (entities left as they are).
pub fn text_of(markup: &str) -> String {
    let mut shown = String::new();
    let mut in_tag = false;
    for c in markup.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            c if !in_tag => shown.push(c),
            _ => {}
        }
    }
    shown
}

/// The text a page or picture shows: its tags dropped, its entities read.
pub fn shown_text(markup: &str) -> String {
    text_of(markup)
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}
