// terminal_safe: what findings and timelines print from manifests and audit logs.
#include "report/terminal_safe.h"

#include <catch2/catch.hpp>

#include <string>

TEST_CASE("terminal_safe shows control characters as \\xNN and keeps everything else") {
    using kg::report::terminal_safe;
    CHECK(terminal_safe("plain text: ok") == "plain text: ok");
    CHECK(terminal_safe("a\x1b[2Jb") == "a\\x1b[2Jb");  // an escape sequence cannot clear the screen
    CHECK(terminal_safe("line\nnext\ttab\r") == "line\\x0anext\\x09tab\\x0d");
    CHECK(terminal_safe(std::string("nul\0end", 7)) == "nul\\x00end");
    CHECK(terminal_safe("del\x7f") == "del\\x7f");
    CHECK(terminal_safe("GPU \xc3\xa9t\xc3\xa9") == "GPU \xc3\xa9t\xc3\xa9");  // UTF-8 passes through
    CHECK(terminal_safe("").empty());
}
