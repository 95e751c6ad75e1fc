// Every escaper of report/escape.h against every payload class of issue 12 (table-driven),
// plus exact outputs for the cases whose spelling is interface.
#include "report/escape.h"
#include "report/escape_json.h"
#include "tests/report/hostile_payloads.h"
#include "tests/report/live_checks.h"

#include <catch2/catch.hpp>

#include <functional>
#include <string>

using namespace kg::report;
using kg::test::hostile_payloads;

namespace {

struct Escaper {
    const char* name;
    std::function<std::string(std::string_view)> escape;
    /// Inert check for one escaped value.
    std::function<std::string(const std::string&)> live;
};

std::string no_unescaped(const std::string& s, std::string_view chars) {
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '\\') {
            ++i;
            continue;
        }
        if (chars.find(s[i]) != std::string_view::npos) {
            return std::string("unescaped '") + s[i] + "' at " + std::to_string(i);
        }
    }
    return {};
}

std::string markup_value_live(const std::string& s, bool attribute) {
    if (s.find_first_of(attribute ? "<>\"'\t\n" : "<>\"'") != std::string::npos) {
        return "raw markup character";
    }
    for (std::size_t i = s.find('&'); i != std::string::npos; i = s.find('&', i + 1)) {
        std::size_t semi = s.find(';', i);
        if (semi == std::string::npos || semi - i > 6) {
            return "bare '&'";
        }
    }
    return kg::test::terminal_live(s, attribute ? "" : "\n\t");
}

const std::vector<Escaper>& escapers() {
    static const std::vector<Escaper> k = {
        {"terminal", escape_terminal, [](const std::string& s) { return kg::test::terminal_live(s, ""); }},
        {"github message", escape_github_message,
         [](const std::string& s) { return kg::test::github_line_live("::warning::" + s); }},
        {"github property", escape_github_property,
         [](const std::string& s) {
             if (s.find_first_of(":,") != std::string::npos) return std::string("raw : or ,");
             return kg::test::github_line_live("::warning title=" + s + "::m");
         }},
        {"markdown", escape_markdown,
         [](const std::string& s) {
             std::string e = no_unescaped(s, "[]|`*_<>\n\r");
             return e.empty() ? kg::test::markdown_live(s) : e;
         }},
        {"markdown code", escape_markdown_code,
         [](const std::string& s) {
             if (s.size() < 2 || s.front() != '`' || s.back() != '`') return std::string("not one code span");
             std::string inner = s.substr(1, s.size() - 2);
             if (inner.find('`') != std::string::npos) return std::string("backtick inside");
             std::string e = no_unescaped(inner, "|\n\r");
             return e.empty() ? kg::test::terminal_live(s, "") : e;
         }},
        {"html text", escape_html_text, [](const std::string& s) { return markup_value_live(s, false); }},
        {"html attribute", escape_html_attribute, [](const std::string& s) { return markup_value_live(s, true); }},
        {"xml text", escape_xml_text,
         [](const std::string& s) {
             if (s.find_first_of("<>") != std::string::npos) return std::string("raw < or >");
             return kg::test::terminal_live(s, "\n\t");
         }},
        {"xml attribute", escape_xml_attribute, [](const std::string& s) { return markup_value_live(s, true); }},
        {"csv", escape_csv_field, [](const std::string& s) { return kg::test::csv_live(s); }},
        {"json", escape_json_string, [](const std::string& s) { return kg::test::json_live(s); }},
    };
    return k;
}

}  // namespace

TEST_CASE("every escaper leaves every hostile payload inert", "[report][escape]") {
    std::size_t checked = 0;
    for (const Escaper& e : escapers()) {
        for (const kg::test::Payload& p : hostile_payloads()) {
            std::string out = e.escape(p.text);
            INFO(e.name << " / " << p.name << ": " << out);
            CHECK(e.live(out).empty());
            ++checked;
        }
    }
    CHECK(checked == escapers().size() * hostile_payloads().size());
}

TEST_CASE("JSON strings keep the text: they decode to the input", "[report][escape]") {
    for (const kg::test::Payload& p : hostile_payloads()) {
        if (std::string(p.name) == "invalid UTF-8") {
            continue;  // replaced by U+FFFD, checked below
        }
        INFO(p.name);
        CHECK(nlohmann::json::parse(escape_json_string(p.text)).get<std::string>() == p.text);
    }
    CHECK(escape_json_string("a\xff") == "\"a\xef\xbf\xbd\"");
    // Plain ASCII skips the serialiser: every byte, alone and between plain text, still gives
    // the serialiser's text.
    for (int b = 0; b < 256; ++b) {
        const std::string one(1, static_cast<char>(b));
        CHECK(escape_json_string(one) == json_text(nlohmann::json(one)));
        CHECK(escape_json_string("ns/w-" + one + "-1") == json_text(nlohmann::json("ns/w-" + one + "-1")));
    }
    CHECK(escape_json_string("") == "\"\"");
    CHECK(escape_json_string("\x1b[2J\xe2\x80\xae") == "\"\\u001b[2J\\u202e\"");
    CHECK(json_text(nlohmann::json{{"k", "\xc2\x9b"}}) == "{\"k\":\"\\u009b\"}");
}

TEST_CASE("append_json_string appends escape_json_string's bytes and keeps what was there", "[report][escape]") {
    for (const kg::test::Payload& p : hostile_payloads()) {
        INFO(p.name);
        std::string out = "{\"k\": ";
        append_json_string(out, p.text);
        CHECK(out == "{\"k\": " + escape_json_string(p.text));
        append_json_string(out, "plain");
        CHECK(out == "{\"k\": " + escape_json_string(p.text) + "\"plain\"");
    }
}

TEST_CASE("terminal text shows controls as \\xNN and bidi characters as <U+XXXX>", "[report][escape]") {
    CHECK(escape_terminal("plain text: ok") == "plain text: ok");
    CHECK(escape_terminal("a\x1b[2Jb") == "a\\x1b[2Jb");
    CHECK(escape_terminal("line\nnext\ttab\r") == "line\\x0anext\\x09tab\\x0d");
    CHECK(escape_terminal(std::string("nul\0end", 7)) == "nul\\x00end");
    CHECK(escape_terminal("del\x7f bel\x07") == "del\\x7f bel\\x07");
    CHECK(escape_terminal("GPU \xc3\xa9t\xc3\xa9 \xe2\x86\x92") == "GPU \xc3\xa9t\xc3\xa9 \xe2\x86\x92");
    CHECK(escape_terminal("admin\xe2\x80\xaetxt") == "admin<U+202E>txt");
    CHECK(escape_terminal("\xe2\x81\xa6x\xe2\x81\xa9") == "<U+2066>x<U+2069>");
    CHECK(escape_terminal("c1 \xc2\x9b") == "c1 <U+009B>");
    CHECK(escape_terminal("bad \xff \xc3") == "bad \\xff \\xc3");
    CHECK(escape_terminal("\xe0\x80\xaf") == "\\xe0\\x80\\xaf");  // overlong '/'
    CHECK(escape_terminal("").empty());
}

TEST_CASE("GitHub workflow commands: one command per finding, whatever the text", "[report][escape]") {
    CHECK(escape_github_message("x\n::warning::INJECTED 100%") == "x%0A::warning::INJECTED 100%25");
    CHECK(escape_github_message("a\r\nb") == "a%0D%0Ab");
    CHECK(escape_github_message("esc\x1b[31m") == "esc\\x1b[31m");
    CHECK(escape_github_property("queues.yaml:3,x") == "queues.yaml%3A3%2Cx");
    CHECK(escape_github_property("100%\n") == "100%25%0A");
}

TEST_CASE("Markdown: links, images, HTML, tables and code stay text", "[report][escape]") {
    CHECK(escape_markdown("team-a") == "team-a");
    CHECK(escape_markdown("[approve](https://evil.example)") == "\\[approve\\](https\\://evil.example)");
    CHECK(escape_markdown("![x](y)") == "!\\[x\\](y)");
    CHECK(escape_markdown("<b>x</b> & y") == "&lt;b&gt;x&lt;/b&gt; &amp; y");
    CHECK(escape_markdown("a | b\nc") == "a \\| b c");
    CHECK(escape_markdown("go to www.evil.example") == "go to www\\.evil.example");
    CHECK(escape_markdown("`x` *y* _z_ ~w~ #h \\") == "\\`x\\` \\*y\\* \\_z\\_ \\~w\\~ \\#h \\\\");
    CHECK(escape_markdown("ratio 1:2 (ok)") == "ratio 1:2 (ok)");
    CHECK(escape_markdown_code("a`b|c\nd") == "`a'b\\|c d`");
}

TEST_CASE("HTML and XML: markup characters as entities, forbidden characters visible", "[report][escape]") {
    CHECK(escape_html_text("\"><img onerror=x>") == "&quot;&gt;&lt;img onerror=x&gt;");
    CHECK(escape_html_text("a'b&c\nd") == "a&#39;b&amp;c\nd");
    CHECK(escape_html_attribute("a\tb\nc\"") == "a&#9;b&#10;c&quot;");
    CHECK(escape_xml_text(std::string("a\0b\x1b" "c\"'", 7)) == "a\\x00b\\x1bc\"'");
    CHECK(escape_xml_attribute("a\"b'c<") == "a&quot;b&#39;c&lt;");
    CHECK(escape_xml_text("\xef\xbf\xbe") == "&lt;U+FFFE&gt;");
}

TEST_CASE("CSV: RFC 4180 quoting and formula neutralising", "[report][escape]") {
    CHECK(escape_csv_field("team-a") == "team-a");
    CHECK(escape_csv_field("=HYPERLINK(\"x\")") == "\"'=HYPERLINK(\"\"x\"\")\"");
    CHECK(escape_csv_field("+1") == "'+1");
    CHECK(escape_csv_field("-1") == "'-1");
    CHECK(escape_csv_field("@SUM(A1)") == "'@SUM(A1)");
    CHECK(escape_csv_field("\t=1") == "'\t=1");
    CHECK(escape_csv_field("\r=1") == "'\\x0d=1");
    CHECK(escape_csv_field("a,b") == "\"a,b\"");
    CHECK(escape_csv_field("a\nb") == "\"a\nb\"");
    CHECK(escape_csv_field("bel\x07") == "bel\\x07");
    CHECK(escape_csv_field("") == "");
}
