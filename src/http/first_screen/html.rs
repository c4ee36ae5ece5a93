//! A small HTML writer: elements with their attributes in the order given, text and
//! attribute values escaped. The first screen is written with it in the shape the
//! storefront's components give their elements, so the app takes the page's elements
//! over as they are.

/// HTML being written, element by element.
#[derive(Default)]
pub struct Html {
    out: String,
}

/// An element's attributes, in order; `None` values are left out (like a React prop
/// that is `undefined`).
pub type Attrs<'a> = &'a [(&'a str, Option<&'a str>)];

impl Html {
    pub fn new() -> Html {
        Html::default()
    }

    /// `<tag a="…" …>`; closed later by [`Html::close`].
    pub fn open(&mut self, tag: &str, attrs: Attrs) -> &mut Html {
        self.start_tag(tag, attrs);
        self
    }

    /// `</tag>`.
    pub fn close(&mut self, tag: &str) -> &mut Html {
        self.out.push_str("</");
        self.out.push_str(tag);
        self.out.push('>');
        self
    }

    /// An element without content: a void element (`img`, `input`, `source`) or an
    /// empty one written `<tag …></tag>`.
    pub fn empty(&mut self, tag: &str, attrs: Attrs) -> &mut Html {
        self.start_tag(tag, attrs);
        if !is_void(tag) {
            self.close(tag);
        }
        self
    }

    /// `<tag …>text</tag>`.
    pub fn element(&mut self, tag: &str, attrs: Attrs, text: &str) -> &mut Html {
        self.start_tag(tag, attrs);
        self.text(text);
        self.close(tag)
    }

    /// Text, escaped.
    pub fn text(&mut self, text: &str) -> &mut Html {
        for c in text.chars() {
            match c {
                '&' => self.out.push_str("&amp;"),
                '<' => self.out.push_str("&lt;"),
                '>' => self.out.push_str("&gt;"),
                '\u{a0}' => self.out.push_str("&nbsp;"),
                c => self.out.push(c),
            }
        }
        self
    }

    /// Markup written by this module itself (an icon's SVG), never data.
    pub fn trusted(&mut self, markup: &'static str) -> &mut Html {
        self.out.push_str(markup);
        self
    }

    pub fn finish(self) -> String {
        self.out
    }

    fn start_tag(&mut self, tag: &str, attrs: Attrs) {
        self.out.push('<');
        self.out.push_str(tag);
        for (name, value) in attrs {
            let Some(value) = value else { continue };
            self.out.push(' ');
            self.out.push_str(name);
            self.out.push_str("=\"");
            push_attribute(&mut self.out, value);
            self.out.push('"');
        }
        self.out.push('>');
    }
}

fn push_attribute(out: &mut String, value: &str) {
    for c in value.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            c => out.push(c),
        }
    }
}

fn is_void(tag: &str) -> bool {
    matches!(
        tag,
        "img" | "input" | "source" | "br" | "hr" | "meta" | "link"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_and_attributes_are_escaped_and_absent_attributes_left_out() {
        let mut html = Html::new();
        html.open(
            "p",
            &[
                ("class", Some("a\"b")),
                ("title", None),
                ("data-x", Some("<&>")),
            ],
        )
        .text("Fish & <chips>")
        .close("p")
        .empty("img", &[("alt", Some(""))])
        .empty("span", &[]);
        assert_eq!(
            html.finish(),
            "<p class=\"a&quot;b\" data-x=\"&lt;&amp;&gt;\">Fish &amp; &lt;chips&gt;</p><img alt=\"\"><span></span>"
        );
    }
}
