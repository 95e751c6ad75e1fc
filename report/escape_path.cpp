// Path segments built from names the evidence carries (cluster names in a partitioned FOCUS
// tree): hostile input must not climb out of, or split, the directory it is written under.
#include "report/escape.h"

namespace kg::report {

std::string escape_path_segment(std::string_view s) {
    if (s.empty()) return "_";
    static constexpr char k_hex[] = "0123456789ABCDEF";
    const bool only_dots = s.find_first_not_of('.') == std::string_view::npos;
    std::string out;
    out.reserve(s.size());
    for (const char ch : s) {
        const auto c = static_cast<unsigned char>(ch);
        const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
                           c == '-' || (c == '.' && !only_dots);
        if (plain) {
            out += ch;
        } else {
            out += '%';
            out += k_hex[c >> 4];
            out += k_hex[c & 0xf];
        }
    }
    return out;
}

}  // namespace kg::report
