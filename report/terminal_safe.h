// Text that reaches a terminal (findings, timelines) comes from manifests and audit logs:
// control characters in it must not rewrite the terminal.
#pragma once

#include <string>
#include <string_view>

namespace kg::report {

/// `s` with every control character (below 0x20, and 0x7f) shown as \xNN.
std::string terminal_safe(std::string_view s);

}  // namespace kg::report
