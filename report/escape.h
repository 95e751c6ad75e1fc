// One escape function per output format. Everything kueuegov prints comes from manifests and
// audit logs that anyone may have written, so every renderer passes each value through the
// escaper of its format, and nothing upstream pre-escapes. The names are distinct (escape_*):
// a short name such as `data` once lost to std::data through argument-dependent lookup.
#pragma once

#include <string>
#include <string_view>

namespace kg::report {

/// Terminal text: C0 controls (ESC, BEL, CR, LF, TAB, NUL), DEL and bytes that are not UTF-8
/// become `\xNN`; C1 controls (U+0080-U+009F), bidi overrides and isolates (U+202A-U+202E,
/// U+2066-U+2069) and the non-characters U+FFFE/U+FFFF become `<U+202E>`. Other text passes.
std::string escape_terminal(std::string_view s);

/// GitHub workflow command data (the text after `::`): % CR LF are percent-encoded as the
/// runner decodes them; other controls and bidi characters are made visible as in escape_terminal.
std::string escape_github_message(std::string_view s);
/// GitHub workflow command property values (file=, title=): escape_github_message plus : and ,.
std::string escape_github_property(std::string_view s);

/// Markdown inline text or a GFM table cell: markup characters are backslash-escaped ([ ] for
/// links and images, emphasis, #, table pipes, backticks), `<` `>` `&` become entities (no inline
/// HTML, no autolinks), `://` and `www.` are broken so GFM does not autolink them, newlines
/// become spaces, controls are made visible.
std::string escape_markdown(std::string_view s);
/// A Markdown code span with its backticks: a backtick inside becomes ', a pipe \| (GFM splits
/// table cells before code spans), newlines spaces, controls visible.
std::string escape_markdown_code(std::string_view s);

/// HTML text content: & < > " ' as entities; controls and bidi characters made visible (TAB and
/// LF kept).
std::string escape_html_text(std::string_view s);
/// A double- or single-quoted HTML attribute value: as escape_html_text, and TAB/LF as entities.
std::string escape_html_attribute(std::string_view s);

/// XML 1.0 text: & < > as entities; characters XML 1.0 forbids even as references (NUL, ESC and
/// the other C0 controls but TAB/LF, lone bytes, U+FFFE/U+FFFF) and bidi characters made visible.
std::string escape_xml_text(std::string_view s);
/// A quoted XML attribute value: escape_xml_text plus " ' and TAB/LF as character references
/// (attribute-value normalisation would turn them into spaces).
std::string escape_xml_attribute(std::string_view s);

/// One CSV field (RFC 4180): quoted when it holds , " or LF, with " doubled. A leading = + - @
/// TAB or CR gets a ' so spreadsheets do not run it as a formula. CR and other controls and
/// bidi characters are made visible.
std::string escape_csv_field(std::string_view s);

/// One path segment (a directory name such as a partition's "cluster=NAME" value, or a part of
/// a URI path): every byte outside [A-Za-z0-9_-] and '.' is percent-encoded (%2F for '/', %25
/// for '%', controls and non-ASCII bytes too), as Hive-style partition paths escape values, and
/// a segment of only dots ("." or "..") has its dots encoded, so the result can never name a
/// parent or the same directory. Never empty: "" becomes "_".
std::string escape_path_segment(std::string_view s);

/// A JSON string literal with its quotes (through nlohmann). Control characters, DEL, C1 and
/// bidi characters become \u escapes; bytes that are not UTF-8 become U+FFFD.
std::string escape_json_string(std::string_view s);
/// escape_json_string(s) appended to `out`: the same bytes, without a string of its own (a
/// replay's JSON writes a million names, most of them short of nothing but their quotes).
void append_json_string(std::string& out, std::string_view s);

}  // namespace kg::report
