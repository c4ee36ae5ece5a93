//! The README and the book in `docs/` (mdBook layout) stay whole: every relative link and
//! image leads to a file of the repository, every `#anchor` to a heading of the page it
//! names, `docs/src/SUMMARY.md` lists every chapter and only chapters that exist, and
//! `docs/book.toml` is what `mdbook build docs` reads.

use std::collections::BTreeSet;
use std::path::{Component, Path, PathBuf};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The text with fenced code blocks and inline code blanked out (line breaks kept), so
/// that neither links nor headings are read from code.
fn prose(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut fence: Option<String> = None;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start();
        let marker: String = trimmed
            .chars()
            .take_while(|c| *c == '`' || *c == '~')
            .collect();
        if let Some(open) = &fence {
            if marker.len() >= open.len() && marker.starts_with(&open[..1]) {
                fence = None;
            }
            out.push('\n');
            continue;
        }
        if marker.len() >= 3 {
            fence = Some(marker);
            out.push('\n');
            continue;
        }
        out.push_str(line);
    }
    strip_inline_code(&out)
}

fn strip_inline_code(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == '`' {
            let run = chars[i..].iter().take_while(|c| **c == '`').count();
            // Find the closing run of the same length.
            let mut j = i + run;
            let mut close = None;
            while j < chars.len() {
                if chars[j] == '`' {
                    let other = chars[j..].iter().take_while(|c| **c == '`').count();
                    if other == run {
                        close = Some(j);
                        break;
                    }
                    j += other;
                } else {
                    j += 1;
                }
            }
            match close {
                Some(end) => {
                    // Keep the code's words for headings' anchors, drop what could be a link.
                    let code: String = chars[i + run..end].iter().collect();
                    out.push_str(&code.replace(['[', ']', '(', ')'], ""));
                    i = end + run;
                }
                None => {
                    out.extend(&chars[i..i + run]);
                    i += run;
                }
            }
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    out
}

/// The anchor mdBook and GitHub give a heading: lower case, letters, digits, `-` and `_`
/// kept, spaces as `-`, everything else dropped.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .chars()
        .filter_map(|c| {
            if c.is_alphanumeric() || c == '-' || c == '_' {
                Some(c.to_lowercase().collect::<String>())
            } else if c.is_whitespace() {
                Some("-".to_string())
            } else {
                None
            }
        })
        .collect()
}

/// Every heading's anchor in a Markdown text; a repeated heading gets `-1`, `-2` …
fn anchors(text: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for line in prose(text).lines() {
        let hashes = line.chars().take_while(|c| *c == '#').count();
        if (1..=6).contains(&hashes) && line[hashes..].starts_with(' ') {
            let base = anchor(&line[hashes..]);
            let mut id = base.clone();
            let mut n = 0;
            while found.contains(&id) {
                n += 1;
                id = format!("{base}-{n}");
            }
            found.insert(id);
        }
    }
    found
}

/// Every `[label](target)` and `![alt](target)` target outside code.
fn link_targets(text: &str) -> Vec<String> {
    let text = prose(text);
    let mut targets = Vec::new();
    let mut rest = text.as_str();
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        let Some(end) = after.find(')') else { break };
        let target = after[..end].split_whitespace().next().unwrap_or("");
        let target = target.trim_start_matches('<').trim_end_matches('>');
        targets.push(target.to_string());
        rest = &after[end..];
    }
    targets
}

/// A relative path with `.` and `..` resolved without touching the disk; `None` when it
/// climbs above its start.
fn normalize(path: &Path) -> Option<PathBuf> {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::ParentDir => {
                if !out.pop() {
                    return None;
                }
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    Some(out)
}

/// What is wrong with the links of the Markdown file `file` (relative to `root`).
fn broken_links(root: &Path, file: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(root.join(file)).unwrap();
    let dir = file.parent().unwrap_or(Path::new(""));
    let mut problems = Vec::new();
    for target in link_targets(&text) {
        if target.is_empty() {
            problems.push(format!("{}: a link without a target", file.display()));
            continue;
        }
        let has_scheme = target
            .split_once(':')
            .is_some_and(|(scheme, _)| scheme.chars().all(|c| c.is_ascii_alphabetic()));
        if has_scheme || target.starts_with("//") {
            continue;
        }
        let (path, fragment) = match target.split_once('#') {
            Some((path, fragment)) => (path, Some(fragment)),
            None => (target.as_str(), None),
        };
        let linked = if path.is_empty() {
            Some(file.to_path_buf())
        } else if path.starts_with('/') {
            problems.push(format!(
                "{}: `{target}` is absolute; link relative to the page",
                file.display()
            ));
            continue;
        } else {
            normalize(&dir.join(path))
        };
        let Some(linked) = linked else {
            problems.push(format!(
                "{}: `{target}` leads out of the repository",
                file.display()
            ));
            continue;
        };
        let on_disk = root.join(&linked);
        if !on_disk.exists() {
            problems.push(format!(
                "{}: `{target}` names {} which does not exist",
                file.display(),
                linked.display()
            ));
            continue;
        }
        if let Some(fragment) = fragment {
            if on_disk.extension().is_none_or(|ext| ext != "md") {
                problems.push(format!(
                    "{}: `{target}` has an anchor but is not a Markdown page",
                    file.display()
                ));
                continue;
            }
            let headings = anchors(&std::fs::read_to_string(&on_disk).unwrap());
            if !headings.contains(fragment) {
                problems.push(format!(
                    "{}: `{target}`: {} has no heading with the anchor `#{fragment}`",
                    file.display(),
                    linked.display()
                ));
            }
        }
    }
    problems
}

/// Every `.md` file under `dir`, relative to `root`.
fn markdown_files(root: &Path, dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut todo = vec![root.join(dir)];
    while let Some(next) = todo.pop() {
        for entry in std::fs::read_dir(&next).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                todo.push(path);
            } else if path.extension().is_some_and(|ext| ext == "md") {
                files.push(path.strip_prefix(root).unwrap().to_path_buf());
            }
        }
    }
    files.sort();
    files
}

/// The chapters `SUMMARY.md` lists, relative to the book's `src`.
fn summary_chapters(summary: &str) -> Vec<String> {
    link_targets(summary)
        .into_iter()
        .filter(|target| !target.is_empty())
        .collect()
}

/// What is wrong with the book's structure under `root/docs`.
fn book_problems(root: &Path) -> Vec<String> {
    let mut problems = Vec::new();
    let toml = std::fs::read_to_string(root.join("docs/book.toml")).unwrap_or_default();
    let book: toml::Table = toml.parse().unwrap_or_default();
    let section = book.get("book").and_then(|value| value.as_table());
    match section {
        None => problems.push("docs/book.toml has no [book] table".to_string()),
        Some(section) => {
            if section
                .get("title")
                .and_then(|title| title.as_str())
                .is_none_or(str::is_empty)
            {
                problems.push("docs/book.toml: [book] has no title".to_string());
            }
            if section.get("src").and_then(|src| src.as_str()) != Some("src") {
                problems.push("docs/book.toml: [book] must say src = \"src\"".to_string());
            }
        }
    }
    let src = Path::new("docs/src");
    let Ok(summary) = std::fs::read_to_string(root.join(src).join("SUMMARY.md")) else {
        problems.push("docs/src/SUMMARY.md is missing".to_string());
        return problems;
    };
    let listed = summary_chapters(&summary);
    let mut seen = BTreeSet::new();
    for chapter in &listed {
        if chapter.contains('#') || !chapter.ends_with(".md") {
            problems.push(format!("SUMMARY.md: `{chapter}` is not a chapter file"));
        } else if !root.join(src).join(chapter).is_file() {
            problems.push(format!("SUMMARY.md lists {chapter}, which does not exist"));
        }
        if !seen.insert(normalize(Path::new(chapter)).unwrap_or_default()) {
            problems.push(format!("SUMMARY.md lists {chapter} twice"));
        }
    }
    for file in markdown_files(root, src) {
        let chapter = file.strip_prefix(src).unwrap().to_path_buf();
        if chapter != Path::new("SUMMARY.md") && !seen.contains(&chapter) {
            problems.push(format!(
                "docs/src/{} is not in SUMMARY.md",
                chapter.display()
            ));
        }
    }
    problems
}

#[test]
fn every_link_in_the_readme_and_the_book_leads_somewhere() {
    let root = repo();
    let mut files = vec![PathBuf::from("README.md")];
    files.extend(markdown_files(&root, Path::new("docs/src")));
    assert!(files.len() > 20, "the book has chapters: {files:?}");
    let problems: Vec<String> = files
        .iter()
        .flat_map(|file| broken_links(&root, file))
        .collect();
    assert!(
        problems.is_empty(),
        "broken links:\n{}",
        problems.join("\n")
    );
}

#[test]
fn the_book_has_the_layout_mdbook_builds_and_lists_every_chapter() {
    let problems = book_problems(&repo());
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_readme_links_into_every_part_of_the_book() {
    let readme = std::fs::read_to_string(repo().join("README.md")).unwrap();
    let targets = link_targets(&readme);
    for part in [
        "docs/src/owner/",
        "docs/src/operations/",
        "docs/src/configuration.md",
        "docs/src/api.md",
        "docs/src/development/",
    ] {
        assert!(
            targets.iter().any(|target| target.starts_with(part)),
            "README.md does not link to {part}"
        );
    }
}

#[test]
fn the_checks_find_a_broken_link_a_lost_anchor_and_a_chapter_missing_from_the_summary() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir_all(root.join("docs/src/part")).unwrap();
    std::fs::write(
        root.join("docs/book.toml"),
        "[book]\ntitle = \"t\"\nsrc = \"src\"\n",
    )
    .unwrap();
    std::fs::write(
        root.join("docs/src/SUMMARY.md"),
        "# Summary\n\n- [One](part/one.md)\n- [Gone](gone.md)\n",
    )
    .unwrap();
    std::fs::write(
        root.join("docs/src/part/one.md"),
        "# One\n\n## Fiscal (Germany)\n\n## `[backup]`: automatic backups\n\n\
         [ok](#fiscal-germany) [ok](#backup-automatic-backups) [ok](two.md#tse-cloud-fiskaly) \
         [lost](two.md#nowhere) [missing](three.md) [repo](../../../README.md) \
         [web](https://example.com) `[code](nowhere.md)`\n\n```text\n[fenced](nowhere.md)\n```\n",
    )
    .unwrap();
    std::fs::write(
        root.join("docs/src/part/two.md"),
        "# Two\n\n### TSE (cloud, fiskaly)\n",
    )
    .unwrap();
    std::fs::write(root.join("README.md"), "# R\n").unwrap();
    let links = broken_links(root, Path::new("docs/src/part/one.md"));
    assert_eq!(links.len(), 2, "{links:?}");
    assert!(
        links[0].contains("no heading with the anchor `#nowhere`"),
        "{links:?}"
    );
    assert!(
        links[1].contains("`three.md` names docs/src/part/three.md which does not exist"),
        "{links:?}"
    );
    let book = book_problems(root);
    assert_eq!(
        book,
        [
            "SUMMARY.md lists gone.md, which does not exist",
            "docs/src/part/two.md is not in SUMMARY.md",
        ]
    );
    assert!(broken_links(root, Path::new("docs/src/part/two.md")).is_empty());
}
