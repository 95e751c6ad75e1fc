// terminal_safe (terminal_safe.h).
#include "report/terminal_safe.h"

namespace kg::report {

std::string terminal_safe(std::string_view s) {
    std::string out;
    for (char c : s) {
        auto u = static_cast<unsigned char>(c);
        if (u < 0x20 || u == 0x7f) {
            static const char* k_hex = "0123456789abcdef";
            out += "\\x";
            out += k_hex[u >> 4];
            out += k_hex[u & 15];
        } else {
            out += c;
        }
    }
    return out;
}

}  // namespace kg::report
