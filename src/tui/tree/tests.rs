//! The tree against analyses of real URLs.

use super::*;

fn analyse(url: &str) -> Analysis {
    urlscope_core::analyze(url.as_bytes(), &urlscope_core::Options::default())
}

#[test]
fn a_carried_url_with_a_danger_opens_by_default() {
    let a =
        analyse("https://victim.example/login?next=https%3A%2F%2F169.254.169.254%2Flatest%2F&x=1");
    let tree = Tree::build(&a, Choices::default());
    assert_eq!(tree.carriers, vec![4]);
    let rows = tree.rows_under(4);
    assert_eq!(
        rows.first().map(|r| &r.row),
        Some(&Row::Value { node: vec![0] })
    );
    assert!(rows.iter().any(|r| r.row
        == Row::Component {
            node: vec![0],
            index: 1
        }));
    // The list: 7 components and the rows under the value.
    assert_eq!(tree.len(a.components.len()), 7 + rows.len());
    assert_eq!(tree.at(7, 4), Some(At::Component(4)));
    assert_eq!(
        tree.at(7, 5)
            .map(|r| matches!(r, At::Under { owner: 4, .. })),
        Some(true)
    );
    assert_eq!(tree.at(7, 5 + rows.len()), Some(At::Component(5)));
    assert_eq!(tree.index_of(5, None), 5 + rows.len());
    assert_eq!(tree.index_of(4, Some(&Row::Value { node: vec![0] })), 5);
    assert_eq!(tree.at(7, 7 + rows.len()), None);
    // Closed, it is one row again.
    let mut choices = tree.choices();
    choices.toggle(Row::Component {
        node: Vec::new(),
        index: 4,
    });
    let closed = Tree::build(&a, choices);
    assert_eq!(closed.len(7), 7);
    assert_eq!(closed.fold_of(4), (true, false));
}

#[test]
fn a_harmless_carried_url_stays_folded() {
    let a = analyse("https://example.com/?next=%2Faccount&u=https%3A%2F%2Fexample.com%2Fa");
    let tree = Tree::build(&a, Choices::default());
    assert!(tree.groups.is_empty(), "{tree:?}");
    assert_eq!(tree.fold_of(6), (true, false));
}

#[test]
fn nodes_and_their_home_analyses() {
    let a = analyse(
        "https://x.example/?u=https%3A%2F%2Fy.example%2F%3Fv%3Dhttps%253A%252F%252F127.0.0.1%252F",
    );
    let outer = node(&a, &[0]).expect("the carried URL");
    assert_eq!(outer.kind, NestedKind::Url);
    let inner = node(&a, &[0, 0]).expect("the URL it carries");
    assert!(inner.text.contains("127.0.0.1"), "{inner:?}");
    assert!(std::ptr::eq(home(&a, &[0]), &a));
    let expected = outer.analysis.as_deref().expect("analysed");
    assert!(std::ptr::eq(home(&a, &[0, 0]), expected));
    assert!(value_severity(&a, outer) >= Some(Severity::Medium));
}
