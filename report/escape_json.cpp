// JSON strings and documents through nlohmann, which escapes C0 controls; this adds the
// characters it passes raw (DEL, C1, bidi) so a JSON file shown in a terminal is inert too.
#include "report/escape.h"
#include "report/escape_json.h"
#include "report/escape_visible.h"

namespace kg::report {

std::string json_escape_hostile(std::string text) {
    // Below DEL every byte is kept as it is: find the first one that is not, and copy the runs
    // between such bytes in one piece (a replay's JSON is megabytes of plain ASCII).
    auto plain_until = [&](std::size_t from) {
        while (from < text.size() && static_cast<unsigned char>(text[from]) < 0x7F) ++from;
        return from;
    };
    if (plain_until(0) == text.size()) return text;
    std::string out;
    out.reserve(text.size());
    static const char* k_hex = "0123456789abcdef";
    auto append_u = [&](char32_t cp) {
        out += "\\u";
        for (int shift = 12; shift >= 0; shift -= 4) {
            out += k_hex[(cp >> shift) & 15];
        }
    };
    for (std::size_t i = 0; i < text.size();) {
        if (std::size_t j = plain_until(i); j != i) {
            out.append(text, i, j - i);
            i = j;
            continue;
        }
        auto b = static_cast<unsigned char>(text[i]);
        if (b == 0x7F) {
            append_u(0x7F);
            ++i;
            continue;
        }
        // The serialiser's output is valid UTF-8 (invalid input was replaced), so lead bytes tell lengths.
        std::size_t len = b < 0x80 ? 1 : b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2;
        if (len > 1 && i + len <= text.size()) {
            char32_t cp = b & (0x7F >> len);
            for (std::size_t k = 1; k < len; ++k) {
                cp = (cp << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
            }
            if (detail::hostile_code_point(cp)) {
                append_u(cp);
                i += len;
                continue;
            }
        }
        out.append(text, i, std::min(len, text.size() - i));
        i += len;
    }
    return out;
}

std::string escape_json_string(std::string_view s) {
    std::string out;
    append_json_string(out, s);
    return out;
}

void append_json_string(std::string& out, std::string_view s) {
    // Printable ASCII other than '"' and '\\' is what the serialiser writes unchanged and what
    // json_escape_hostile keeps: such a string (every name a replay prints, a million of them)
    // needs only its quotes, not a JSON value and a dump.
    bool plain = true;
    for (char c : s) {
        const auto b = static_cast<unsigned char>(c);
        plain = plain && b >= 0x20 && b < 0x7F && c != '"' && c != '\\';
    }
    if (plain) {
        out.reserve(out.size() + s.size() + 2);
        out += '"';
        out.append(s);
        out += '"';
        return;
    }
    out += json_text(nlohmann::json(std::string(s)));
}

}  // namespace kg::report
