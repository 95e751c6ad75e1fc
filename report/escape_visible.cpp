// make_visible (escape_visible.h) and escape_terminal: a small UTF-8 walk that keeps valid text
// and spells out everything a terminal, a bidi algorithm or an XML parser would act on.
#include "report/escape.h"
#include "report/escape_visible.h"

namespace kg::report {

namespace detail {

namespace {

constexpr const char* k_hex = "0123456789ABCDEF";

void append_byte(std::string& out, unsigned char b) {
    static const char* lower = "0123456789abcdef";
    out += "\\x";
    out += lower[b >> 4];
    out += lower[b & 15];
}

void append_code_point(std::string& out, char32_t cp) {
    out += "<U+";
    for (int shift = 12; shift >= 0; shift -= 4) {
        out += k_hex[(cp >> shift) & 15];
    }
    out += '>';
}

/// Length of the valid UTF-8 sequence at s[i] (its code point in `cp`), or 0 when the bytes
/// there are not valid UTF-8 (overlong, surrogate, beyond U+10FFFF or cut short).
std::size_t utf8_sequence(std::string_view s, std::size_t i, char32_t& cp) {
    auto b0 = static_cast<unsigned char>(s[i]);
    std::size_t len = b0 >= 0xF0 ? 4 : b0 >= 0xE0 ? 3 : b0 >= 0xC0 ? 2 : 0;
    if (len == 0 || b0 >= 0xF5 || i + len > s.size()) {
        return 0;
    }
    cp = b0 & (0x7F >> len);
    for (std::size_t k = 1; k < len; ++k) {
        auto b = static_cast<unsigned char>(s[i + k]);
        if ((b & 0xC0) != 0x80) {
            return 0;
        }
        cp = (cp << 6) | (b & 0x3F);
    }
    static constexpr char32_t k_min[] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < k_min[len] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
        return 0;
    }
    return len;
}

}  // namespace

bool hostile_code_point(char32_t cp) {
    return (cp >= 0x80 && cp <= 0x9F) || (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069) ||
           cp == 0xFFFE || cp == 0xFFFF;
}

std::string make_visible(std::string_view s, std::string_view keep) {
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) {
        auto b = static_cast<unsigned char>(s[i]);
        if (b < 0x80) {
            if ((b < 0x20 || b == 0x7F) && keep.find(static_cast<char>(b)) == std::string_view::npos) {
                append_byte(out, b);
            } else {
                out += static_cast<char>(b);
            }
            ++i;
            continue;
        }
        char32_t cp = 0;
        std::size_t len = utf8_sequence(s, i, cp);
        if (len == 0) {
            append_byte(out, b);  // one stray byte; resynchronise on the next
            ++i;
        } else if (hostile_code_point(cp)) {
            append_code_point(out, cp);
            i += len;
        } else {
            out.append(s.substr(i, len));
            i += len;
        }
    }
    return out;
}

}  // namespace detail

std::string escape_terminal(std::string_view s) { return detail::make_visible(s); }

}  // namespace kg::report
