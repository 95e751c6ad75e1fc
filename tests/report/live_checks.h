// Checks that a piece of output holds no live payload for its format. Each returns an empty
// string when the text is inert, else what it found (for the failure message).
#pragma once

#include <nlohmann/json.hpp>

#include <algorithm>
#include <string>
#include <string_view>

namespace kg::test {

/// Decodes one UTF-8 sequence at s[i]; 0 when invalid.
inline std::size_t utf8_len(std::string_view s, std::size_t i, char32_t& cp) {
    auto b0 = static_cast<unsigned char>(s[i]);
    std::size_t len = b0 < 0x80 ? 1 : b0 >= 0xF0 && b0 < 0xF5 ? 4 : b0 >= 0xE0 ? 3 : b0 >= 0xC2 ? 2 : 0;
    if (len == 0 || i + len > s.size()) {
        return 0;
    }
    cp = len == 1 ? b0 : b0 & (0x7F >> len);
    for (std::size_t k = 1; k < len; ++k) {
        auto b = static_cast<unsigned char>(s[i + k]);
        if ((b & 0xC0) != 0x80) {
            return 0;
        }
        cp = (cp << 6) | (b & 0x3F);
    }
    return len;
}

/// Terminal: no C0 control but those in `allowed`, no DEL, C1, bidi control, U+FFFE/FFFF or
/// invalid UTF-8.
inline std::string terminal_live(std::string_view s, std::string_view allowed = "\n") {
    for (std::size_t i = 0; i < s.size();) {
        char32_t cp = 0;
        std::size_t len = utf8_len(s, i, cp);
        if (len == 0) {
            return "invalid UTF-8 at byte " + std::to_string(i);
        }
        if ((cp < 0x20 && allowed.find(static_cast<char>(cp)) == std::string_view::npos) || cp == 0x7F ||
            (cp >= 0x80 && cp <= 0x9F) || (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069) ||
            cp == 0xFFFE || cp == 0xFFFF) {
            return "raw control or bidi character U+" + std::to_string(static_cast<unsigned>(cp)) + " at byte " +
                   std::to_string(i);
        }
        i += len;
    }
    return {};
}

/// `s` as a Markdown renderer reads it, with every backslash escape (\x for punctuation x)
/// and every code span (literal text; a backslash inside one is literal) blanked out.
inline std::string markdown_unescaped_only(std::string_view s) {
    std::string out(s);
    for (std::size_t i = 0; i < out.size(); ++i) {
        if (out[i] == '\\' && i + 1 < out.size() && std::ispunct(static_cast<unsigned char>(out[i + 1]))) {
            out[i] = out[i + 1] = ' ';
            ++i;
        } else if (out[i] == '`') {
            std::size_t close = out.find('`', i + 1);
            if (close == std::string::npos || out.find('\n', i) < close) {
                continue;  // a lone backtick is text
            }
            std::fill(out.begin() + static_cast<std::ptrdiff_t>(i), out.begin() + static_cast<std::ptrdiff_t>(close) + 1, ' ');
            i = close;
        }
    }
    return out;
}

/// Markdown: no live link, image, autolink or raw HTML tag other than `allowed_tags`
/// (each written "<details>" etc.).
inline std::string markdown_live(std::string_view s, std::initializer_list<std::string_view> allowed_tags = {}) {
    std::string t = markdown_unescaped_only(s);
    for (std::string_view bad : {"](", "][", "://", "www."}) {
        if (t.find(bad) != std::string::npos) {
            return "live link syntax \"" + std::string(bad) + "\"";
        }
    }
    for (std::size_t i = t.find('<'); i != std::string::npos; i = t.find('<', i + 1)) {
        bool ok = false;
        for (std::string_view tag : allowed_tags) {
            ok = ok || t.compare(i, tag.size(), tag) == 0;
        }
        if (!ok) {
            return "raw '<' (HTML or autolink) at " + std::to_string(i) + ": " + t.substr(i, 20);
        }
    }
    return terminal_live(s, "\n");
}

/// HTML/XML: every '<' starts one of `allowed_tags` (all tags when empty is not allowed: pass
/// the document's own), no event-handler attribute, no <script>.
inline std::string markup_live(std::string_view s) {
    // Text nodes may say "onerror=" (escaped); only tags can act, so look inside each tag.
    for (std::size_t open = s.find('<'); open != std::string_view::npos; open = s.find('<', open + 1)) {
        std::size_t close = s.find('>', open);
        std::string tag(s.substr(open, close == std::string_view::npos ? std::string_view::npos : close - open + 1));
        for (char& c : tag) {
            c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        }
        for (std::string_view bad : {"<script", "<img", "<iframe", "<object", "<embed", "javascript:"}) {
            if (tag.rfind(bad, 0) == 0 || (bad == "javascript:" && tag.find(bad) != std::string::npos)) {
                return "live markup " + tag;
            }
        }
        if (std::count(tag.begin(), tag.end(), '"') % 2 != 0) {
            return "unbalanced quote in " + tag;
        }
        // Quoted attribute values are data: drop them before looking for handlers.
        std::string bare;
        bool quoted = false;
        for (char c : tag) {
            quoted = c == '"' ? !quoted : quoted;
            bare += quoted ? ' ' : c;
        }
        tag = bare;
        for (std::size_t on = tag.find(" on"); on != std::string::npos; on = tag.find(" on", on + 1)) {
            std::size_t eq = tag.find_first_not_of("abcdefghijklmnopqrstuvwxyz", on + 3);
            if (eq != std::string::npos && eq > on + 3 && tag[eq] == '=') {
                return "event handler in " + tag;
            }
        }
    }
    return terminal_live(s, "\n\t");
}

/// GitHub workflow commands: every line is one `::command ...::message` with no raw control
/// characters, and `%` only in the runner's escapes.
inline std::string github_line_live(std::string_view line) {
    if (line.rfind("::", 0) != 0) {
        return "line does not start a workflow command";
    }
    std::size_t props = line.find(' ');
    std::size_t data = line.find("::", 2);
    if (data == std::string_view::npos) {
        return "no '::' before the message";
    }
    if (props != std::string_view::npos && props < data && line.substr(props, data - props).find(':') != std::string_view::npos) {
        return "':' in properties";
    }
    for (std::size_t i = line.find('%'); i != std::string_view::npos; i = line.find('%', i + 1)) {
        std::string_view e = line.substr(i, 3);
        if (e != "%25" && e != "%0A" && e != "%0D" && e != "%3A" && e != "%2C") {
            return "raw '%' at " + std::to_string(i);
        }
    }
    return terminal_live(line, "");
}

/// CSV: the document parses as RFC 4180 and no field starts a formula.
inline std::string csv_live(std::string_view s) {
    std::size_t i = 0;
    while (i < s.size()) {
        std::string field;
        bool quoted = s[i] == '"';
        if (quoted) {
            ++i;
            for (;;) {
                if (i >= s.size()) {
                    return "unterminated quoted field";
                }
                if (s[i] == '"') {
                    if (i + 1 < s.size() && s[i + 1] == '"') {
                        field += '"';
                        i += 2;
                        continue;
                    }
                    ++i;
                    break;
                }
                field += s[i++];
            }
            if (i < s.size() && s[i] != ',' && s[i] != '\n') {
                return "text after a closing quote at " + std::to_string(i);
            }
        } else {
            while (i < s.size() && s[i] != ',' && s[i] != '\n') {
                if (s[i] == '"') {
                    return "quote inside an unquoted field at " + std::to_string(i);
                }
                field += s[i++];
            }
        }
        if (!field.empty() && std::string_view("=+-@\t\r").find(field[0]) != std::string_view::npos) {
            // Numbers are the one legitimate leading '-' (a negative amount).
            bool number = field.find_first_not_of("-0123456789.") == std::string::npos;
            if (!number) {
                return "formula field \"" + field + "\"";
            }
        }
        if (i < s.size()) {
            ++i;  // the separator
        }
    }
    return terminal_live(s, "\n\t");
}

/// JSON: parses, and holds no raw control or bidi character.
inline std::string json_live(std::string_view s) {
    try {
        nlohmann::json parsed = nlohmann::json::parse(s);
        (void)parsed;
    } catch (const std::exception& e) {
        return std::string("does not parse: ") + e.what();
    }
    return terminal_live(s, "\n");
}

}  // namespace kg::test
