// GitHub Actions workflow commands (`::error file=…,title=…::message`). The runner splits a
// command at the first `::` and at each line end, and percent-decodes % CR LF (and : , in
// properties): encoding exactly those keeps one finding on one command line.
#include "report/escape.h"
#include "report/escape_visible.h"

namespace kg::report {

namespace {

std::string percent_encode(std::string_view s, bool property) {
    std::string out;
    for (char c : detail::make_visible(s, "\r\n")) {
        switch (c) {
            case '%': out += "%25"; break;
            case '\r': out += "%0D"; break;
            case '\n': out += "%0A"; break;
            case ':': out += property ? "%3A" : ":"; break;
            case ',': out += property ? "%2C" : ","; break;
            default: out += c;
        }
    }
    return out;
}

}  // namespace

std::string escape_github_message(std::string_view s) { return percent_encode(s, false); }

std::string escape_github_property(std::string_view s) { return percent_encode(s, true); }

}  // namespace kg::report
